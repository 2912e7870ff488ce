//! The browser client's files, read once at start from the directory `scripts/build-web.sh`
//! writes: `index.html`; the files whose names carry a hash of their content
//! (`chaupal-0123456789abcdef.wasm`, `chaupal-0123456789abcdef.js`,
//! `icon-192-0123456789abcdef.png`: [`is_hashed`]); and the few whose names stay the same from
//! build to build: the service worker `sw.js`, `manifest.webmanifest` and `offline.html`. Each
//! may have its precompressed `.gz` (and `.br`) beside it. What a file is, and so how long a
//! browser may keep it, is told by its name alone ([`content_type`], [`caching`]);
//! `assets.json`, written for other servers, is not read.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use bytes::Bytes;
use thiserror::Error;

/// The page every route of the client is answered with.
pub const INDEX: &str = "index.html";
/// The largest file the site loads (the wasm is a few megabytes).
const MAX_FILE_BYTES: u64 = 64 << 20;

/// Why the site could not be loaded.
#[derive(Debug, Error)]
pub enum SiteError {
    #[error("reading the browser client's files in {dir}: {source}")]
    Io {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("no {INDEX} in {0}: build the browser client with scripts/build-web.sh")]
    NoIndex(PathBuf),
    #[error("{0} is over the {MAX_FILE_BYTES} bytes a file may have")]
    TooLarge(PathBuf),
}

/// How long a browser may keep a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caching {
    /// The name carries the content's hash: it never changes, keep it for a year.
    Immutable,
    /// A name that stays from build to build (the service worker, the manifest, the offline
    /// page): keep it, but ask the server each time before using it (`no-cache`).
    Revalidate,
    /// The page: never kept (`no-store`), so a new build is seen at once.
    Never,
}

impl Caching {
    /// The `Cache-Control` header that says it.
    pub fn header(self) -> &'static str {
        match self {
            Caching::Immutable => "public, max-age=31536000, immutable",
            Caching::Revalidate => "no-cache",
            Caching::Never => "no-store",
        }
    }
}

/// One file, as it can be sent.
#[derive(Clone, Debug)]
pub struct Asset {
    pub content_type: &'static str,
    pub caching: Caching,
    pub plain: Bytes,
    pub gzip: Option<Bytes>,
    pub brotli: Option<Bytes>,
}

/// A file given to [`Site::from_files`]: its name, content, gzip and brotli.
#[cfg(feature = "test-support")]
pub type FileBytes<'a> = (&'a str, &'a [u8], Option<&'a [u8]>, Option<&'a [u8]>);

/// The files of the browser client.
#[derive(Clone, Debug)]
pub struct Site {
    /// By file name (no directories: the site is flat).
    files: HashMap<String, Asset>,
    pub dir: PathBuf,
}

impl Site {
    /// Reads every file of `dir` the client is made of.
    pub fn load(dir: &Path) -> Result<Site, SiteError> {
        let io = |source| SiteError::Io {
            dir: dir.to_owned(),
            source,
        };
        let mut files = HashMap::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let path = entry.map_err(io)?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            let Some(content_type) = content_type(&name) else {
                continue;
            };
            if !path.is_file() {
                continue;
            }
            let read = |path: &Path| -> Result<Option<Bytes>, SiteError> {
                match std::fs::metadata(path) {
                    Ok(m) if m.len() > MAX_FILE_BYTES => Err(SiteError::TooLarge(path.to_owned())),
                    Ok(_) => std::fs::read(path)
                        .map(|b| Some(Bytes::from(b)))
                        .map_err(io),
                    Err(_) => Ok(None),
                }
            };
            let plain = read(&path)?.unwrap_or_default();
            let sibling = |ext: &str| dir.join(format!("{name}.{ext}"));
            let caching = caching(&name);
            files.insert(
                name.clone(),
                Asset {
                    content_type,
                    caching,
                    plain,
                    gzip: read(&sibling("gz"))?,
                    brotli: read(&sibling("br"))?,
                },
            );
        }
        if !files.contains_key(INDEX) {
            return Err(SiteError::NoIndex(dir.to_owned()));
        }
        Ok(Site {
            files,
            dir: dir.to_owned(),
        })
    }

    /// A site of the files given (name, content, gzip, brotli), as [`Site::load`] would read
    /// them from a directory: for tests and fuzzing. A name the site would not serve is
    /// left out.
    #[cfg(feature = "test-support")]
    pub fn from_files(files: &[FileBytes<'_>]) -> Site {
        let bytes = |b: &[u8]| Bytes::copy_from_slice(b);
        let files = files
            .iter()
            .filter_map(|&(name, plain, gzip, brotli)| {
                let asset = Asset {
                    content_type: content_type(name)?,
                    caching: caching(name),
                    plain: bytes(plain),
                    gzip: gzip.map(bytes),
                    brotli: brotli.map(bytes),
                };
                Some((name.to_owned(), asset))
            })
            .collect();
        Site {
            files,
            dir: PathBuf::new(),
        }
    }

    /// The directory the server looks in when none is named: `web/` beside the executable,
    /// then `target/web/` (where `scripts/build-web.sh` writes) above the executable's folder
    /// and under the current directory. `None` when there is none.
    pub fn default_dir() -> Option<PathBuf> {
        let mut candidates = Vec::new();
        if let Ok(exe) = std::env::current_exe()
            && let Some(bin) = exe.parent()
        {
            candidates.push(bin.join("web"));
            if let Some(target) = bin.parent() {
                candidates.push(target.join("web"));
            }
        }
        candidates.push(PathBuf::from("target").join("web"));
        candidates.into_iter().find(|dir| dir.join(INDEX).is_file())
    }

    /// The file called `name`, if the site has it.
    pub fn get(&self, name: &str) -> Option<&Asset> {
        self.files.get(name)
    }

    /// The page.
    pub fn index(&self) -> Option<&Asset> {
        self.files.get(INDEX)
    }
}

/// How long a browser may keep the file called `name`: the page never, a hashed name for good,
/// any other name only after asking.
pub fn caching(name: &str) -> Caching {
    if name == INDEX {
        Caching::Never
    } else if is_hashed(name) {
        Caching::Immutable
    } else {
        Caching::Revalidate
    }
}

/// Whether `name` carries its content's hash as `scripts/web-site.py` writes it: a stem of
/// lowercase letters, digits and `-`, then `-` and 16 lowercase hex digits, then the extension
/// (`chaupal-0123456789abcdef.wasm`).
pub fn is_hashed(name: &str) -> bool {
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    let Some((base, hash)) = stem.rsplit_once('-') else {
        return false;
    };
    !base.is_empty()
        && base
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && hash.len() == 16
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && !ext.is_empty()
        && ext
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// The content type of a file the site serves, by its name; `None` for anything else.
pub fn content_type(name: &str) -> Option<&'static str> {
    let ext = name.rsplit_once('.')?.1;
    Some(match ext {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "ogg" => "audio/ogg",
        "wav" => "audio/wav",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        _ => return None,
    })
}
