//! The container image of `deploy/Containerfile`, built with podman as the file's own comment
//! says, and checked: its settings (the unprivileged user, the server's command line with its
//! records in the volume, the port, the stop signal) and its files (the server, the browser
//! client, the records' folder owned by the server's user).
//!
//! The base image is replaced by `scratch` (`podman build --from scratch`): the suite has no
//! registry to pull Debian's image from, and the Containerfile runs nothing at build time, so
//! the image is the same files and settings on either base. (Containers are not started here:
//! this machine's podman cannot run them; the server in them is the one the other tests run.)
//! The build context is staged with this build's server binary in the release binary's place.
//!
//! Needs podman (`scripts/install.sh test`); without it the test says so and passes, unless
//! `CHAUPAL_REQUIRE_DEPLOY_TOOLS` is set (scripts/test.sh sets it).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::{Command, Output};

use chaupal_tests::services::deploy_tool;
use chaupal_tests::workspace_root;

fn podman(args: &[&str]) -> Output {
    Command::new("podman").args(args).output().unwrap()
}

fn ok(out: &Output) -> String {
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{said}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Copies the folder `from` into `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn the_container_image_holds_the_server_and_runs_it_unprivileged_on_its_volume() {
    if !deploy_tool("podman", "--version") {
        return;
    }
    let web = chaupal_tests::built_site();
    let context = tempfile::tempdir().unwrap();
    let ctx = context.path();
    std::fs::create_dir_all(ctx.join("target/release")).unwrap();
    std::fs::copy(
        chaupal_tests::server_binary(),
        ctx.join("target/release/chaupal-server"),
    )
    .unwrap();
    copy_dir(&web, &ctx.join("target/web"));
    copy_dir(&workspace_root().join("deploy"), &ctx.join("deploy"));
    std::fs::copy(
        workspace_root().join(".dockerignore"),
        ctx.join(".dockerignore"),
    )
    .unwrap();
    let tag = format!("localhost/chaupal-test-{}", std::process::id());
    let containerfile = ctx.join("deploy/Containerfile");
    ok(&podman(&[
        "build",
        "--from",
        "scratch",
        "-f",
        containerfile.to_str().unwrap(),
        "-t",
        &tag,
        ctx.to_str().unwrap(),
    ]));
    let config = ok(&podman(&[
        "image",
        "inspect",
        &tag,
        "--format",
        "{{json .Config}}",
    ]));
    let config: serde_json::Value = serde_json::from_str(&config).unwrap();
    let container = ok(&podman(&["create", &tag])).trim().to_owned();
    let export = Command::new("sh")
        .arg("-c")
        .arg(format!("podman export {container} | tar -tvf -"))
        .output()
        .unwrap();
    let files = ok(&export);
    ok(&podman(&["rm", &container]));
    ok(&podman(&["rmi", &tag]));

    assert_eq!(config["User"], "10001:10001", "{config}");
    let entry: Vec<&str> = config["Entrypoint"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        entry,
        [
            "/opt/chaupal/chaupal-server",
            "--bind",
            "0.0.0.0:7878",
            "--database",
            "sqlite:///var/lib/chaupal/chaupal.sqlite"
        ]
    );
    assert!(config["ExposedPorts"]["7878/tcp"].is_object(), "{config}");
    assert!(
        config["Volumes"]["/var/lib/chaupal"].is_object(),
        "{config}"
    );
    assert_eq!(config["StopSignal"], "SIGTERM");
    let line = |path: &str| {
        files
            .lines()
            .find(|l| l.ends_with(&format!(" {path}")))
            .unwrap_or_else(|| panic!("no {path} in the image:\n{files}"))
            .to_owned()
    };
    let server = line("opt/chaupal/chaupal-server");
    assert!(server.starts_with("-rwxr-xr-x"), "{server}");
    line("opt/chaupal/web/index.html");
    line("opt/chaupal/web/assets.json");
    let records = line("var/lib/chaupal/");
    assert!(records.contains("10001/10001"), "{records}");
    assert!(
        !files.contains("web/.work"),
        "the client's build folder stays out"
    );
    assert!(
        !files.contains("Cargo.toml"),
        "the context is only what the image needs"
    );
}
