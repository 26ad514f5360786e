#!/usr/bin/env python3
"""Drives the reference web page in headless Chromium through gallery-web and a real
gallery-rpc: sign-in with live validation, the feed with thumbnails and infinite scroll,
a photo's detail, dark mode and Spanish. Asserts on the DOM; saves screenshots.

    python3 Web/test/browser_test.py [--bridge .build/debug/gallery-web] [--artifacts DIR]

Chromium is spoken to over --remote-debugging-pipe (the DevTools protocol on fds 3 and 4,
NUL-terminated JSON), so nothing beyond Python's standard library is needed.
"""
import argparse, base64, json, os, shutil, subprocess, sys, tempfile


# Every visible text and control against its background, as WCAG 2 computes contrast: the
# colours the page really shows (backgrounds blended from the element up), at least 4.5:1.
# Disabled controls are exempt (WCAG says so), and so is text over a picture (a thumbnail's
# caption and heart: its background is the image). DARK is replaced by true or false.
CONTRAST_JS = r"""(() => {
  const body = document.body, had = body.classList.contains('dark');
  body.classList.toggle('dark', DARK);
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c); if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (t, u) => ({ r: t.r * t.a + u.r * (1 - t.a), g: t.g * t.a + u.g * (1 - t.a), b: t.b * t.a + u.b * (1 - t.a), a: 1 });
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return bg;
  };
  const fails = [];
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    if (!el.getClientRects().length || style.visibility === 'hidden') continue;
    if (el.closest('button:disabled, input:disabled, select:disabled, .cell, video')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const control = ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) && String(el.value || '').trim();
    if (!own && !control) continue;
    const bg = background(el);
    const fg = over(parse(style.color) || { r: 0, g: 0, b: 0, a: 1 }, bg);
    const [a, b] = [lum(fg), lum(bg)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) {
      const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
        (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '');
      fails.push(`${name} "${(el.textContent || el.value || '').trim().slice(0, 30)}" ${ratio.toFixed(2)}:1`);
    }
  }
  body.classList.toggle('dark', had);
  return fails.slice(0, 20);
})()"""


class Browser:
    """One headless Chromium and one page in it, over the DevTools pipe."""

    def __init__(self, profile):
        commands_r, self.commands = os.pipe()
        self.replies, replies_w = os.pipe()

        def wire():
            os.dup2(commands_r, 3)
            os.dup2(replies_w, 4)

        binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not binary:
            raise SystemExit("browser test: no chromium on PATH (apt-get install chromium)")
        self.process = subprocess.Popen(
            [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", "--remote-debugging-pipe", f"--user-data-dir={profile}",
             "--window-size=1280,900", "about:blank"],
            preexec_fn=wire, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_r)
        os.close(replies_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Log.enable")

    def call(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.replies, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the DevTools pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def eval(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression[:80]}…: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def wait_for(self, condition, what, timeout_ms=15000):
        """Waits, inside the page, until `condition` (a JS expression) is true: re-checked on
        every DOM change and frame, never by sleeping. Fails naming `what`."""
        ok = self.eval(f"""new Promise((resolve) => {{
            const check = () => {{ try {{ return !!({condition}); }} catch (e) {{ return false; }} }};
            if (check()) return resolve(true);
            const done = (v) => {{ observer.disconnect(); clearTimeout(timer); resolve(v); }};
            const observer = new MutationObserver(() => {{ if (check()) done(true); }});
            observer.observe(document, {{subtree: true, childList: true, attributes: true, characterData: true}});
            const frame = () => {{ if (check()) done(true); else if (!finished) requestAnimationFrame(frame); }};
            let finished = false;
            const timer = setTimeout(() => {{ finished = true; done(check()); }}, {timeout_ms});
            requestAnimationFrame(frame);
        }})""")
        if not ok:
            raise AssertionError(f"timed out waiting for {what}: {condition}")

    def type_into(self, selector, text):
        self.eval(f"document.querySelector({json.dumps(selector)}).focus()")
        self.call("Input.insertText", {"text": text})

    def click(self, selector):
        self.eval(f"document.querySelector({json.dumps(selector)}).click()")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        print("screenshot:", path)

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        self.process.wait(timeout=10)


def tiny_png():
    """A real 16×16 PNG (a gradient), made here so the test carries no binary file."""
    import struct, zlib
    rows = b"".join(b"\0" + bytes(v for x in range(16) for v in (x * 16, y * 16, 160)) for y in range(16))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bridge", default=".build/debug/gallery-web")
    parser.add_argument("--artifacts", default=".build/web-artifacts")
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)
    work = tempfile.mkdtemp(prefix="gallery-web-test-")
    bridge = subprocess.Popen([args.bridge, "--port", "0", "--data-dir", work + "/data"],
                              stdout=subprocess.PIPE, text=True)
    url = bridge.stdout.readline().split("open ", 1)[1].strip()
    browser = Browser(work + "/profile")
    contrast = []

    def shot(name):
        browser.screenshot(os.path.join(args.artifacts, name))
        # Every screen, in both appearances (the other one for a moment, then back).
        for dark in (False, True):
            for fail in browser.eval(CONTRAST_JS.replace("DARK", "true" if dark else "false")) or []:
                contrast.append(f"{name} ({'dark' if dark else 'light'}): {fail}")

    try:
        browser.call("Page.navigate", {"url": url})
        browser.wait_for("document.querySelector('#login input[name=email]')", "the sign-in form")
        browser.wait_for("(document.querySelector('#demo-hint') || {}).textContent === 'Demo account: test@mail.com / 123456'",
                         "the demo account's hint on the sign-in screen")

        # A password typed on sign-in stays there: the registration form's field is its own,
        # and shows what the core holds for it (nothing yet).
        browser.type_into("#login input[name=password]", "secret1")
        browser.wait_for("document.querySelector('#login input[name=password]').value === 'secret1'", "the typed password")
        browser.click("#login button.link")
        browser.wait_for("document.querySelector('#registration input[name=age]')", "the registration form")
        assert browser.eval("document.querySelector('#registration input[name=password]').value") == "", \
            "the registration password is empty, as the core's is"
        # Registration: its own live validation (not a number vs out of range), then back.
        browser.type_into("#registration input[name=age]", "abc")
        browser.wait_for("document.querySelector('#registration .field-error[data-code=\"age.notANumber\"]')",
                         "the not-a-number message")
        browser.eval("document.querySelector('#registration input[name=age]').select()")
        browser.call("Input.insertText", {"text": "7"})
        browser.wait_for("document.querySelector('#registration .field-error[data-code=\"age.outOfRange\"]')",
                         "the out-of-range message")
        shot("0-registration-validation.png")
        browser.click("#registration button.link")
        browser.wait_for("document.querySelector('#login input[name=email]')", "the sign-in form again")
        browser.wait_for("document.querySelector('#login input[name=password]').value === 'secret1'",
                         "the sign-in password as typed (the core holds its 7 characters)")
        browser.eval("""(() => { const i = document.querySelector('#login input[name=password]');
            i.value = ''; i.dispatchEvent(new Event('input')); })()""")
        browser.wait_for("document.querySelector('#login input[name=password]').value === ''", "the password cleared")

        # Live validation: the core's message, shown as typed.
        browser.type_into("#login input[name=email]", "test@")
        browser.wait_for("document.querySelector('#login .field-error[data-code=\"email.invalid\"]')",
                         "the invalid-email message")
        shot("1-sign-in-validation.png")
        browser.type_into("#login input[name=email]", "mail.com")
        browser.wait_for("!document.querySelector('#login .field-error[data-code^=\"email\"]')", "the message to go")
        for ch in "123456":  # key by key, as a person types: the field must keep what was typed
            browser.type_into("#login input[name=password]", ch)
        browser.wait_for("document.querySelector('#login input[name=password]').value === '123456'",
                         "the password field to keep every character")
        browser.click("#login button[type=submit]")

        # The feed: a grid of thumbnails, loaded while on screen.
        browser.wait_for("document.querySelectorAll('#photos .cell').length > 0", "the feed")
        browser.wait_for("document.querySelectorAll('#photos .cell img[src^=\"/data/cache/\"]').length >= 4",
                         "thumbnails from the core's cache")
        loaded = browser.eval("""Promise.all([...document.querySelectorAll('#photos .cell img')].map(
            (img) => img.decode().then(() => img.naturalWidth > 0, () => false)))""")
        assert loaded and all(loaded), f"every shown thumbnail decodes: {loaded}"
        first = browser.eval("document.querySelectorAll('#photos .cell').length")
        shot("2-feed.png")

        # Infinite scroll: reaching the end loads the next page.
        browser.eval("window.scrollTo(0, document.body.scrollHeight)")
        browser.wait_for(f"document.querySelectorAll('#photos .cell').length > {first}", "the next page")
        more = browser.eval("document.querySelectorAll('#photos .cell').length")
        on_screen = """[...document.querySelectorAll('#photos .cell')].filter((c) => {
            const r = c.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })"""
        browser.wait_for(f"{on_screen}.length > 0 && {on_screen}.every((c) => c.querySelector('img'))",
                         "thumbnails of the rows now on screen")
        shot("3-feed-scrolled.png")
        print(f"feed: {first} photos, {more} after scrolling")

        # Detail with the large image.
        browser.click("#photos .cell")
        browser.wait_for("document.querySelector('#detail img.large[src^=\"/data/cache/\"]')", "the large image")
        browser.wait_for("document.querySelector('.home header button[data-tab=photos].active') && document.querySelector('#detail')",
                         "the tab bar above the detail")
        browser.wait_for("(document.querySelector('#detail img.large') || {}).naturalWidth >= 600",
                         "the large image itself (half the photo's size), not the thumbnail")
        shot("4-detail.png")
        # The picture on the left, its facts and the provider's link on the right, in sight.
        assert browser.eval("document.querySelector('#detail .info a[target=_blank]:not(.original)')?.getBoundingClientRect().bottom < innerHeight"), \
            "the provider's link is above the fold"
        assert browser.eval("document.querySelector('#detail .info').getBoundingClientRect().left > innerWidth / 2"), \
            "the detail's facts fill the right of the page"
        # A heart keeps the photo (favorites/add); the page shows it kept once the core says so.
        browser.click("#detail .heart")
        browser.wait_for("document.querySelector('#detail .heart.kept')", "the detail's photo kept")
        browser.click("#detail .back")
        browser.wait_for("document.querySelector('#photos')", "the feed again")

        # Albums by owner, searched; an album's photos.
        browser.click("button[data-tab=albums]")
        browser.wait_for("document.querySelectorAll('#albums .album-section h2').length > 1", "albums by owner")
        owners = browser.eval("[...document.querySelectorAll('#albums .album-section h2')].map((h) => h.textContent)")
        browser.type_into("#albums input.search", owners[1])
        browser.wait_for("document.querySelectorAll('#albums .album-section').length === 1", "the search to filter")
        assert browser.eval("document.querySelector('#albums .album-section h2').textContent") == owners[1]
        browser.wait_for("document.querySelector('#albums .cell img')", "an album's preview")
        shot("5-albums-search.png")
        browser.click("#albums .cell")
        browser.wait_for("document.querySelectorAll('#album .cell img').length > 0", "the album's photos")
        shot("6-album.png")
        browser.click("#album .cell .heart")
        browser.wait_for("document.querySelector('#album .cell .heart.kept')", "an album photo kept")
        browser.click("#album .back")
        browser.wait_for("document.querySelector('#albums')", "the albums again")

        # The account: browser sign-in (the demo's redirect), upload with a title, delete.
        # Tabs are the core's (nav/open): the page shows one once the route's root says so.
        browser.click("button[data-tab=account]")
        browser.wait_for("document.querySelector('#imgur-sign-in')", "the account tab")
        assert browser.eval("document.querySelector('button.tab.active').dataset.tab") == "account"
        browser.click("#imgur-sign-in")
        browser.wait_for("document.querySelector('#demo-continue')", "the redirect step")
        browser.click("#demo-continue")
        browser.wait_for("document.querySelectorAll('#account .account-image').length > 0", "the account's images")
        before = browser.eval("document.querySelectorAll('#account .account-image').length")
        picture = os.path.join(work, "sunset.png")
        with open(picture, "wb") as f:
            f.write(tiny_png())
        document = browser.call("DOM.getDocument")["root"]["nodeId"]
        node = browser.call("DOM.querySelector", {"nodeId": document, "selector": "#account input[type=file]"})["nodeId"]
        browser.call("DOM.setFileInputFiles", {"files": [picture], "nodeId": node})
        browser.type_into("#account input[name=title]", "Sunset")
        browser.click("#account form.upload button[type=submit]")
        browser.wait_for(f"document.querySelectorAll('#account .account-image').length === {before + 1}", "the upload on top")
        assert browser.eval("document.querySelector('#account .account-image figcaption').textContent") == "Sunset"
        shot("7-account-uploaded.png")
        assert browser.eval("document.querySelector('#account .file-pick .button').textContent === 'Choose an image…'"), \
            "the picker's label is the app's, in its language"
        assert browser.eval("document.querySelector('#account .grid').getBoundingClientRect().top - document.querySelector('#account form.upload').getBoundingClientRect().bottom >= 16"), \
            "the images stand apart from the upload's controls"
        browser.click("#account .account-image:last-child .heart")
        browser.wait_for("document.querySelector('#account .account-image:last-child .heart.kept')", "an account image kept")
        browser.click("#account .account-image .delete")
        browser.wait_for(f"document.querySelectorAll('#account .account-image').length === {before}", "the delete")

        # A random video, with the rendition the core chose for this screen.
        browser.click("button[data-tab=video]")
        browser.wait_for("document.querySelector('#play-random')", "the video tab")
        browser.click("#play-random")
        # The demo's demo:// clip is a real MP4 the bridge serves: it decodes at the size the
        # state names and plays (time moves on).
        browser.wait_for("document.querySelector('#video video[src]')", "the video player")
        assert browser.eval("document.querySelector('#video p').textContent").startswith(("hd ", "sd ", "uhd ")), "rendition shown"
        browser.wait_for("(() => { const v = document.querySelector('#video video'); return v.readyState >= 2 && v.videoWidth > 0 && v.currentTime > 0.5; })()", "the demo clip to play")
        shown = browser.eval("(() => { const v = document.querySelector('#video video'); return [v.videoWidth, v.videoHeight, Math.round(v.duration)]; })()")
        stated = browser.eval("(() => { const m = document.querySelector('#video p').textContent.match(/(\\d+)×(\\d+) · (\\d+) s/); return m ? [+m[1], +m[2], +m[3]] : null; })()")
        assert shown == stated, f"the clip decodes at the stated size and length: {shown} vs {stated}"
        shot("8-video.png")

        # Favorites: the three kept photos with their thumbnails; one opens with its large
        # image, and forgetting it closes it.
        browser.click("button[data-tab=favorites]")
        browser.wait_for("document.querySelectorAll('#favorites .favorite-item').length === 3", "three kept photos")
        browser.wait_for("document.querySelectorAll('#favorites .favorite-item img').length === 3", "their thumbnails")
        shot("8b-favorites.png")
        browser.click("#favorites .favorite-item .cell")
        browser.wait_for("document.querySelector('#favorite img.large[src^=\"/data/cache/\"]')", "a kept photo's large image")
        browser.click("#favorite .remove")
        browser.wait_for("document.querySelectorAll('#favorites .favorite-item').length === 2", "one forgotten, its screen closed")

        # Settings: dark mode applied, Spanish everywhere the core and the page speak.
        browser.click("button[data-tab=settings]")
        browser.wait_for("document.querySelector('select[name=appearance]')", "the settings tab")
        browser.eval("""(() => { const s = document.querySelector('select[name=appearance]');
            s.value = 'dark'; s.dispatchEvent(new Event('change')); })()""")
        browser.wait_for("document.body.classList.contains('dark')", "dark mode")
        browser.eval("""(() => { const s = document.querySelector('select[name=language]');
            s.value = 'es'; s.dispatchEvent(new Event('change')); })()""")
        browser.wait_for("document.querySelector('button[data-tab=photos]').textContent === 'Fotos'", "Spanish labels")
        browser.wait_for("document.querySelector('button[data-tab=favorites]').textContent === 'Favoritos'", "Favorites in Spanish")
        browser.wait_for("document.querySelector('#open-history').textContent === 'Historial'", "History in Spanish")
        shot("9-settings-dark-spanish.png")
        assert browser.eval("[...document.querySelectorAll('#settings input[type=number]')].every((i) => i.getBoundingClientRect().width <= 200)"), \
            "a two-digit setting's field is not the page's width"

        # Offline: the badge says so (its tooltip too, in Spanish), and a refresh keeps the
        # photos shown, saying they are not fresh.
        browser.click("button[data-tab=photos]")
        browser.wait_for("document.querySelector('#photos .refresh')", "the photos tab")
        assert browser.eval("document.querySelector('header .badge').title") == "Trabajar sin conexión: no sale ninguna petición"
        shown = browser.eval("document.querySelectorAll('#photos .cell').length")
        browser.click("header .badge")
        browser.wait_for("document.querySelector('header .badge.offline')", "the offline badge")
        assert browser.eval("document.querySelector('header .badge').title") == "Volver a estar en línea"
        browser.click("#photos .refresh")
        browser.wait_for("document.querySelector('#photos .error[data-code=\"request.offline\"] .retry')",
                         "the offline error with its retry button (in Spanish)")
        # The button calls what the message's own retry says (one retry for everything).
        browser.click("#photos .error[data-code=\"request.offline\"] .retry")
        browser.wait_for("document.querySelector('#photos .error[data-code=\"request.offline\"]')", "the retry's failure")
        assert browser.eval("document.querySelectorAll('#photos .cell').length") == shown, "the photos shown stay"
        shot("10-offline.png")
        phone(browser, shot)

        # The History panel on the live page: the events, and follow mode as new ones arrive.
        browser.click("#open-history")
        browser.wait_for("document.querySelectorAll('#inspector .event').length > 0", "the live history")
        browser.click("#follow")
        before = browser.eval("Number(document.querySelector('#slider').max)")
        browser.eval("rpc('feed/setQuery', { text: 'follow' })")
        browser.wait_for(f"Number(document.querySelector('#slider').value) > {before}", "follow to show the new event")
        # The search's own events follow it (its debounce, the offline load), so the newest
        # event is whichever came last: following selects it, and the search is among them.
        browser.wait_for("[...document.querySelectorAll('#inspector .event .type')].some((e) => e.textContent === 'feed.queryEdited')",
                         "the search in the history")
        browser.wait_for("Number(document.querySelector('#inspector .event.selected')?.dataset.seq) === Number(document.querySelector('#slider').max)",
                         "the newest event selected")
        shot("11-history-follow.png")
        print("browser test: passed")
        inspect_bundle(args, work, browser, shot)
        app_shapes(args, work, browser, shot)
        attached_page(args, work, browser, shot)
        if contrast:
            raise AssertionError("text or controls under 4.5:1 against their background:\n" + "\n".join(contrast))
        print("contrast: every screen, both appearances: at least 4.5:1")
    except Exception:
        shot("failure.png")
        print("page at the failure:", browser.eval("document.getElementById('app').outerHTML")[:3000], file=sys.stderr)
        raise
    finally:
        browser.close()
        bridge.terminate()
        bridge.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


# Every visible button against every other: none closer than 8 px (one inside another, such
# as a heart on a photo, is not a pair), and the page no wider than the screen (WIDTH is
# replaced by its width).
LAYOUT_JS = r"""(() => {
  const shown = [...document.querySelectorAll('button, .file-pick .button')].filter((b) =>
    b.getClientRects().length && getComputedStyle(b).visibility !== 'hidden');
  const fails = [];
  // A phone's browser widens its layout to fit what is too wide, so the page is measured
  // against the screen's width (WIDTH), not the window's.
  const width = Math.max(document.documentElement.scrollWidth, innerWidth);
  if (width > WIDTH) fails.push(`the page is ${width} px wide on a ${WIDTH} px screen`);
  for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
    const [a, b] = [shown[i], shown[j]];
    if (a.contains(b) || b.contains(a)) continue;
    const r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const dx = Math.max(q.left - r.right, r.left - q.right), dy = Math.max(q.top - r.bottom, r.top - q.bottom);
    if (dx < 8 && dy < 8) fails.push(`"${a.textContent.trim().slice(0, 20)}" and "${b.textContent.trim().slice(0, 20)}" are ${Math.max(dx, dy).toFixed(1)} px apart`);
  }
  return fails.slice(0, 10);
})()"""


def phone(browser, shot):
    """The page on a phone (390 × 844, and 360 wide), in both languages and appearances: every
    tab's screen and a photo's detail fit the width, nothing scrolls sideways, and no two
    buttons touch."""
    fails = []
    try:
        for width in (390, 360):
            browser.call("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True})
            for language in ("es", "en"):
                for appearance in ("light", "dark"):
                    browser.eval(f"rpc('settings/update', {{ language: '{language}', appearance: '{appearance}' }})")
                    browser.wait_for(f"document.documentElement.lang === '{language}'", f"{language} on the phone")
                    for tab in ("photos", "albums", "account", "video", "favorites", "settings"):
                        browser.click(f"button[data-tab={tab}]")
                        browser.wait_for(f"document.querySelector('button[data-tab={tab}].active') && document.querySelector('main#{tab}')",
                                         f"the {tab} tab on the phone")
                        for fail in browser.eval(LAYOUT_JS.replace("WIDTH", str(width))) or []:
                            fails.append(f"{width} px, {language}, {appearance}, {tab}: {fail}")
                        if width == 390 and tab in ("photos", "settings"):
                            shot(f"16-phone-{language}-{appearance}-{tab}.png")
                    browser.click("button[data-tab=photos]")
                    browser.wait_for("document.querySelector('#photos .cell')", "a photo on the phone")
                    browser.click("#photos .cell")
                    browser.wait_for("document.querySelector('#detail')", "the detail on the phone")
                    for fail in browser.eval(LAYOUT_JS.replace("WIDTH", str(width))) or []:
                        fails.append(f"{width} px, {language}, {appearance}, detail: {fail}")
                    browser.click("#detail .back")
                    browser.wait_for("document.querySelector('#photos')", "the photos again")
    finally:
        browser.call("Emulation.clearDeviceMetricsOverride")
        browser.eval("rpc('settings/update', { language: 'es', appearance: 'dark' })")
    if fails:
        raise AssertionError("the page on a phone:\n" + "\n".join(fails))
    print("phone: 390 and 360 px, both languages and appearances: fits, no buttons touch")


def inspect_bundle(args, work, browser, shot):
    """gallery-web --inspect on a bug-report bundle of the session just driven: the event list,
    filtering and search, stepping, the change an event made, and what set a value."""
    core = os.path.join(os.path.dirname(args.bridge), "gallery-rpc")
    bundle = os.path.join(work, "report.jsonl")
    subprocess.run([core, "export", os.path.join(work, "data", "events.jsonl"), "--out", bundle],
                   check=True, stdout=subprocess.DEVNULL)
    # The page's whole session (sign-in, a search, a page that failed offline and its retry,
    # albums, favorites, an upload, the video, settings), recorded live, decides the same when
    # this build runs it again offline.
    rerun = subprocess.run([core, "rerun", bundle], capture_output=True, text=True, timeout=120)
    assert rerun.returncode == 0, "rerun of the page's session:\n" + rerun.stdout + rerun.stderr
    print("rerun of the page's session: " + rerun.stdout.strip())
    bridge = subprocess.Popen([args.bridge, "--port", "0", "--inspect", bundle], stdout=subprocess.PIPE, text=True)
    try:
        url = bridge.stdout.readline().split("open ", 1)[1].strip()
        browser.call("Page.navigate", {"url": url})
        browser.wait_for("document.querySelectorAll('#inspector .event').length > 0", "the inspector's events")
        assert browser.eval("!document.querySelector('#login') && !document.querySelector('header nav')"), "read only"
        assert browser.eval("document.querySelector('main.inspecting h1').textContent") == "Inspector (solo lectura)", \
            "the inspector's heading in the recorded app's language"
        shot("12-inspector-events.png")

        browser.click("#first")
        browser.wait_for("document.querySelector('.position').textContent.startsWith('seq 0 ')", "the first seq")
        browser.click("#next")
        browser.wait_for("document.querySelector('.position').textContent.startsWith('seq 1 ')", "one step on")

        browser.eval("""(() => { const s = document.querySelector('#type-filter');
            s.value = 'auth.fieldEdited'; s.dispatchEvent(new Event('change')); })()""")
        browser.wait_for("[...document.querySelectorAll('#inspector .event .type')].every((t) => t.textContent === 'auth.fieldEdited')",
                         "only that type listed")
        browser.eval("""(() => { const s = document.querySelector('#type-filter');
            s.value = ''; s.dispatchEvent(new Event('change')); })()""")
        browser.type_into("#event-search", "succeeded")
        browser.wait_for("document.querySelectorAll('#inspector .event').length === 1", "the search to find sign-in")
        browser.click("#inspector .event")
        browser.wait_for("document.querySelector('#inspector .leaf.changed[data-pointer=\"/session/status\"]')",
                         "the sign-in's change highlighted in the tree")
        assert browser.eval("[...document.querySelectorAll('#patch code')].some((c) => c.textContent === '/session/status')")
        shot("13-inspector-change.png")

        browser.click("#inspector .leaf[data-pointer=\"/session/status\"] .value")
        browser.wait_for("document.querySelectorAll('#changed-by a').length >= 2", "what set /session/status")
        target = browser.eval("Number(document.querySelector('#changed-by a').dataset.seq)")
        browser.click("#changed-by a")
        browser.wait_for(f"document.querySelector('.position').textContent.startsWith('seq {target} ')", "the jump")
        shot("14-inspector-changed-by.png")
        print("inspector test: passed")
    finally:
        bridge.terminate()
        bridge.wait(timeout=10)


def app_shapes(args, work, browser, shot):
    """The page as each of the other apps (PixaBay's shape is the test above): gallery-web's
    flags name the shape and the start settings, and the page opens on that app's home with no
    sign-in screen."""
    apps = [
        ("Pixxy", ["--sign-in", "none", "--home", "albums"], "#albums .cell", None),
        ("PaleBlueTask", ["--sign-in", "none", "--home", "feed", "--page-size", "16"], "#photos .cell",
         "document.querySelectorAll('#photos .cell').length === 16"),
        ("Pexels", ["--sign-in", "none", "--home", "video"], "#play-random", None),
        ("Imgur", ["--sign-in", "none", "--home", "account"], "#account", None),
    ]
    for name, flags, ready, check in apps:
        data = os.path.join(work, "app-" + name)
        bridge = subprocess.Popen([args.bridge, "--port", "0", "--data-dir", data] + flags,
                                  stdout=subprocess.PIPE, text=True)
        try:
            url = bridge.stdout.readline().split("open ", 1)[1].strip()
            browser.call("Page.navigate", {"url": url})
            browser.wait_for(f"document.querySelector({json.dumps(ready)})", f"{name}'s home")
            assert browser.eval("!document.querySelector('#login')"), f"{name} opens without a sign-in screen"
            assert browser.eval("![...document.querySelectorAll('header button.link')].some((b) => b.textContent === 'Sign out')"), \
                f"{name}: nobody signed in, no sign-out"
            if check:
                browser.wait_for(check, f"{name}'s start settings")
            shot(f"15-app-{name}.png")
        finally:
            bridge.terminate()
            bridge.wait(timeout=10)
    print("app shapes: passed")


def attached_page(args, work, browser, shot):
    """`gallery-web --attach DIR`: the page joins the live session another process owns (a
    `gallery-rpc serve` on pipes here). It shows what the owner's app shows, and its History
    panel follows the owner's actions as they happen."""
    data = os.path.join(work, "live")
    server = os.path.join(os.path.dirname(args.bridge), "gallery-rpc")
    owner = subprocess.Popen([server, "serve", "--data-dir", data, "--durability", "none"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    next_id = [0]

    def call(method, params=None):
        next_id[0] += 1
        owner.stdin.write(json.dumps({"jsonrpc": "2.0", "id": next_id[0], "method": method, "params": params}) + "\n")
        owner.stdin.flush()
        while True:
            message = json.loads(owner.stdout.readline())
            if message.get("id") == next_id[0]:
                assert "error" not in message, f"the owner's {method}: {message}"
                return message["result"]

    call("initialize")
    call("auth/setEmail", {"value": "owner@mail.com"})
    bridge = subprocess.Popen([args.bridge, "--port", "0", "--attach", data], stdout=subprocess.PIPE, text=True)
    try:
        url = bridge.stdout.readline().split("open ", 1)[1].strip()
        browser.call("Page.navigate", {"url": url})
        browser.wait_for("document.querySelector('#login input[name=email]')?.value === 'owner@mail.com'",
                         "the owner's sign-in form, as typed there")
        # The owner signs in: the page shows the owner's feed.
        call("auth/setEmail", {"value": "test@mail.com"})
        call("auth/setPassword", {"value": "123456"})
        call("auth/submitLogin")
        browser.wait_for("document.querySelectorAll('#photos .cell').length > 0", "the owner's feed")
        browser.click("#open-history")
        browser.wait_for("document.querySelectorAll('#inspector .event').length > 0", "the live session's history")
        browser.click("#follow")
        before = browser.eval("Number(document.querySelector('#slider').max)")
        call("feed/setQuery", {"text": "river"})
        browser.wait_for(f"Number(document.querySelector('#slider').max) > {before}",
                         "the owner's search in the page's history")
        browser.wait_for("[...document.querySelectorAll('#inspector .event .type')].some((e) => e.textContent === 'feed.queryEdited')",
                         "the owner's search among the events")
        shot("16-attached-history.png")
        # An observer's action is refused in the app's language; the owner's state is untouched.
        refused = browser.eval("rpc('feed/setQuery', { text: 'page' }).then((r) => r === null)")
        assert refused is True, "an observing page acted"
        browser.wait_for("document.querySelector('.toast')?.textContent.includes('only watches the app')",
                         "the refusal, said in the app's language")
        shot("17-attached-observer-refused.png")
        assert call("state/get", {"pointer": "/feed/query"})["value"] == "river", "the owner's state is untouched"
        print("attached page: follows the owner's live session, and only watches")
    finally:
        bridge.terminate()
        bridge.wait(timeout=10)
        call("shutdown")
        owner.stdin.write('{"jsonrpc":"2.0","method":"exit"}\n')
        owner.stdin.close()
        owner.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
