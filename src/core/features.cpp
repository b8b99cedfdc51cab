// The checked side of feature vectors (AnyGame::check_features, features_json): the
// game-independent part of meeple_game_features_json, meeple_state_features and
// meeple_batch_write_features.
#include "core/any_game.hpp"

namespace meeple {

void AnyGame::check_features(int viewer, int variant) const {
    if (feature_size_ == 0) {
        fail(Status::invalid_argument, "game " + name_ + " has no feature vectors; catan has them");
    }
    if (variant != kFeaturesSeat && variant != kFeaturesOmniscient) {
        fail(Status::invalid_argument, "feature variant " + std::to_string(variant) +
                                           " is unknown; use MEEPLE_FEATURES_SEAT (0) or MEEPLE_FEATURES_OMNISCIENT (1)");
    }
    if (viewer < 0 || viewer >= num_players_) {
        fail(Status::out_of_range, "feature viewer " + std::to_string(viewer) + " is not a seat of " + spec_ +
                                       ": use a seat 0.." + std::to_string(num_players_ - 1));
    }
}

std::string AnyGame::features_json() const {
    if (feature_size_ == 0) {
        fail(Status::invalid_argument, "game " + name_ + " has no feature vectors; catan has them");
    }
    JsonWriter j;
    j.begin_object();
    j.field("features_version", static_cast<long long>(feature_version_));
    j.field("feature_size", feature_size_);
    j.key("variants").begin_array().value("seat").value("omniscient").end_array();
    write_field_table(j, "fields", feature_fields_);
    j.end_object();
    return j.take();
}

}  // namespace meeple
