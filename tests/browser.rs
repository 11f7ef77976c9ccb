//! The HTML report of a real `diff` run, rendered by headless Chromium:
//! the page loads without a console message (it has no script, so any
//! message is an error: a blocked resource, a parse failure, injected
//! markup that ran) and its screenshot is not blank. In CI (`CI` set) a
//! missing Chromium fails the test; elsewhere it is skipped with a notice.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use wait_timeout::ChildExt;

mod common;
use common::text;

/// Chromium's command, `$CHROMIUM` or the first of the usual names on PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return Some(p.into());
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |d| d.join(name)))
        .find(|p| p.is_file())
}

/// What Chromium made of a page.
struct Rendered {
    /// The `CONSOLE` lines of its log.
    console: Vec<String>,
    /// The screenshot's pixels, RGBA.
    pixels: Vec<[u8; 4]>,
}

/// Renders `page` with a fresh profile, in its own process group, which is
/// killed when it exits or after 60 seconds, so no process outlives it.
fn render(chromium: &Path, page: &Path, work: &Path) -> Rendered {
    let shot = work.join("shot.png");
    let log = work.join("chromium.log");
    let profile = tempfile::tempdir_in(work).unwrap();
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=1",
            "--window-size=1200,1600",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .process_group(0)
        .spawn()
        .expect("start chromium");
    let group = child.id() as i32;
    let status = child.wait_timeout(Duration::from_secs(60)).unwrap();
    // Its helpers (zygote, renderer, GPU process) share the group.
    unsafe { libc::killpg(group, libc::SIGKILL) };
    let _ = child.wait();
    let log = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        status.is_some_and(|s| s.success()),
        "chromium failed or hung ({status:?}):\n{}",
        tail(&log)
    );
    let console = log
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("a screenshot"),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|c| match *c {
            [r, g, b, a] => [r, g, b, a],
            [r, g, b] => [r, g, b, 255],
            [v, a] => [v, v, v, a],
            [v] => [v, v, v, 255],
            _ => unreachable!("1 to 4 samples per pixel"),
        })
        .collect();
    Rendered { console, pixels }
}

fn tail(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

/// How many distinct colours the screenshot holds, and what share of its
/// pixels are not the background (white).
fn ink(pixels: &[[u8; 4]]) -> (usize, f64) {
    let colours: std::collections::HashSet<[u8; 4]> = pixels.iter().copied().collect();
    let inked = pixels.iter().filter(|p| p[..3] != [255, 255, 255]).count();
    (colours.len(), inked as f64 / pixels.len().max(1) as f64)
}

#[test]
fn the_report_of_a_diff_run_renders_in_chromium() {
    let Some(chromium) = chromium() else {
        if std::env::var_os("CI").is_some() {
            panic!("chromium is not installed: the report cannot be rendered, and in CI it must");
        }
        eprintln!("skipped: chromium not found (install Debian's chromium, or set CHROMIUM)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path();

    // The check must be able to fail: a console message and a blank page
    // are seen for what they are.
    let bad = work.join("bad.html");
    std::fs::write(
        &bad,
        "<!DOCTYPE html><html><body><script>console.error('seen')</script></body></html>",
    )
    .unwrap();
    let r = render(&chromium, &bad, work);
    assert!(
        r.console.iter().any(|l| l.contains("seen")),
        "a console message is found: {:?}",
        r.console
    );
    let (colours, share) = ink(&r.pixels);
    assert!(colours <= 2 && share < 0.001, "an empty page is blank");

    // A program that prints markup, a script and control bytes on stdout
    // and stderr: the report must show them, not run them.
    let prog = work.join("markup.sh");
    std::fs::write(
        &prog,
        "#!/bin/sh\ncat >/dev/null\nprintf '<script>console.error(\"ran\")</script>\\033[31m<b>\\n'\n\
         printf '<img src=x onerror=console.error(1)>\\033[0m\\n' >&2\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).unwrap();
    let page = work.join("report.html");
    let out = Command::new(env!("CARGO_BIN_EXE_gamefuzz"))
        .args([
            "diff",
            "xiangqi",
            "--cases",
            "200",
            "--jobs",
            "2",
            "--no-store",
        ])
        .args(["--shrink-time", "2", "--pack", "1", "--report"])
        .arg(&page)
        .arg("--solvers")
        .arg(format!("engine,reference,cmd:{}", prog.display()))
        .current_dir(work)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("&lt;script&gt;") && html.contains("\\x1b[31m"),
        "escaped output shown"
    );
    assert!(html.contains("<svg"), "a xiangqi finding has a board");

    let r = render(&chromium, &page, work);
    assert!(
        r.console.is_empty(),
        "console messages:\n{}",
        r.console.join("\n")
    );
    let (colours, share) = ink(&r.pixels);
    assert!(
        colours >= 8 && share > 0.02,
        "the screenshot is not blank: {colours} colours, {:.1}% inked",
        share * 100.0
    );
}
