#include "check.hpp"

int main(int argc, char** argv) { return meeple::test::run_all(argc, argv); }
