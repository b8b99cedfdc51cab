//! Finds an installed meeple (the C library and its header) and links it.
//!
//! Where it looks, in order:
//! 1. `MEEPLE_PREFIX`: a CMake install prefix (`cmake --install build --prefix P`), which
//!    holds `include/meeple/meeple.h` and `lib/libmeeple.so` (or lib64, lib/<triplet>).
//! 2. `meeple_DIR`: the folder of the CMake package, `<prefix>/<libdir>/cmake/meeple`,
//!    the variable `find_package(meeple)` reads.
//! 3. `CMAKE_PREFIX_PATH`: prefixes separated by `:` or `;`, each searched as in 1.
//!
//! A variable that is set but does not lead to the library is an error that says what
//! was looked for; so is finding nothing at all. The library's folder goes into the
//! rpath of this package's tests, examples and benchmarks so that they run without
//! LD_LIBRARY_PATH; programs of crates that depend on this one need their own rpath or
//! LD_LIBRARY_PATH (docs/rust.md).

use std::env;
use std::path::{Path, PathBuf};
use std::process;

struct Install {
    libdir: PathBuf,
    header: PathBuf,
}

fn library_file_names() -> &'static [&'static str] {
    if cfg!(target_os = "macos") {
        &["libmeeple.dylib"]
    } else if cfg!(target_os = "windows") {
        &["meeple.lib"]
    } else {
        &["libmeeple.so"]
    }
}

fn has_library(dir: &Path) -> bool {
    library_file_names().iter().any(|name| dir.join(name).is_file())
}

/// The library folders a prefix may use (GNUInstallDirs picks one of these).
fn libdirs_of(prefix: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![prefix.join("lib"), prefix.join("lib64")];
    if let Ok(arch) = env::var("CARGO_CFG_TARGET_ARCH") {
        let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
        let triplet_env = env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
        dirs.push(prefix.join("lib").join(format!("{arch}-{os}-{triplet_env}")));
    }
    dirs
}

fn from_prefix(prefix: &Path) -> Result<Install, String> {
    let header = prefix.join("include").join("meeple").join("meeple.h");
    if !header.is_file() {
        return Err(format!("no {} there", header.display()));
    }
    for libdir in libdirs_of(prefix) {
        if has_library(&libdir) {
            return Ok(Install { libdir, header });
        }
    }
    Err(format!(
        "no {} in {}",
        library_file_names().join(" or "),
        libdirs_of(prefix).iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
    ))
}

/// `meeple_DIR` is `<prefix>/<libdir>/cmake/meeple`: the library two folders up, the
/// header under the first ancestor holding `include/meeple/meeple.h`.
fn from_package_dir(dir: &Path) -> Result<Install, String> {
    if !dir.join("meepleConfig.cmake").is_file() {
        return Err(format!("no meepleConfig.cmake in {}", dir.display()));
    }
    let libdir = dir
        .parent()
        .and_then(Path::parent)
        .ok_or_else(|| format!("{} has no <libdir>/cmake/meeple shape", dir.display()))?
        .to_path_buf();
    if !has_library(&libdir) {
        return Err(format!("no {} in {}", library_file_names().join(" or "), libdir.display()));
    }
    for prefix in libdir.ancestors().skip(1).take(3) {
        let header = prefix.join("include").join("meeple").join("meeple.h");
        if header.is_file() {
            return Ok(Install { libdir, header });
        }
    }
    Err(format!("no include/meeple/meeple.h above {}", libdir.display()))
}

fn fail(lines: &[String]) -> ! {
    eprintln!("error: the meeple C library was not found.");
    for line in lines {
        eprintln!("  {line}");
    }
    eprintln!(
        "Build and install it with CMake, then point MEEPLE_PREFIX at the install prefix:\n  \
         cmake -S <meeple> -B build && cmake --build build && cmake --install build --prefix /opt/meeple\n  \
         MEEPLE_PREFIX=/opt/meeple cargo build\n\
         (or set meeple_DIR to <prefix>/lib/cmake/meeple, or CMAKE_PREFIX_PATH to the prefix)."
    );
    process::exit(1);
}

fn find() -> Install {
    let mut tried = Vec::new();
    if let Some(prefix) = env::var_os("MEEPLE_PREFIX").filter(|v| !v.is_empty()) {
        let prefix = PathBuf::from(prefix);
        match from_prefix(&prefix) {
            Ok(found) => return found,
            // An explicit prefix that is wrong is an error, not a reason to look elsewhere.
            Err(why) => fail(&[format!("MEEPLE_PREFIX={}: {why}", prefix.display())]),
        }
    }
    tried.push("MEEPLE_PREFIX: not set".to_string());
    if let Some(dir) = env::var_os("meeple_DIR").filter(|v| !v.is_empty()) {
        let dir = PathBuf::from(dir);
        match from_package_dir(&dir) {
            Ok(found) => return found,
            Err(why) => fail(&[format!("meeple_DIR={}: {why}", dir.display())]),
        }
    }
    tried.push("meeple_DIR: not set".to_string());
    match env::var("CMAKE_PREFIX_PATH") {
        Ok(list) if !list.is_empty() => {
            for prefix in list.split([':', ';']).filter(|p| !p.is_empty()) {
                match from_prefix(Path::new(prefix)) {
                    Ok(found) => return found,
                    Err(why) => tried.push(format!("CMAKE_PREFIX_PATH entry {prefix}: {why}")),
                }
            }
        }
        _ => tried.push("CMAKE_PREFIX_PATH: not set".to_string()),
    }
    fail(&tried)
}

fn main() {
    for var in ["MEEPLE_PREFIX", "meeple_DIR", "CMAKE_PREFIX_PATH"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    let install = find();
    let libdir = install.libdir.display().to_string();
    println!("cargo:rustc-link-search=native={libdir}");
    println!("cargo:rustc-link-lib=dylib=meeple");
    if !cfg!(target_os = "windows") {
        // Tests, examples and benchmarks of this package find the library where it was
        // linked; rustc-link-arg reaches only this package's own targets.
        println!("cargo:rustc-link-arg=-Wl,-rpath,{libdir}");
    }
    for name in library_file_names() {
        let lib = install.libdir.join(name);
        if lib.is_file() {
            println!("cargo:rerun-if-changed={}", lib.display());
        }
    }
    println!("cargo:rerun-if-changed={}", install.header.display());
    // The header the library came with: tests/header_declarations.rs checks src/sys.rs
    // against it.
    println!("cargo:rustc-env=MEEPLE_HEADER={}", install.header.display());
    println!("cargo:rustc-env=MEEPLE_LIBDIR={libdir}");
    // For crates that depend on this one (links = "meeple"): DEP_MEEPLE_LIBDIR, _INCLUDE.
    println!("cargo:libdir={libdir}");
    if let Some(include) = install.header.parent().and_then(Path::parent) {
        println!("cargo:include={}", include.display());
    }
}
