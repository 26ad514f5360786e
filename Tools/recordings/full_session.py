"""A session over the five apps, as a frontend drives it (sign-in, a search, a page that
   fails offline and its retry, a thumbnail, a favorite, an album and a thumbnail of it that fails offline and its retry, the account sign-in and an
   upload), under the test clock, exported as a bundle: Tests/GalleryCoreTests/Recordings/
   full-session.bundle.jsonl. Usage: full_session.py GALLERY_RPC OUT"""
import json, subprocess, sys, base64, shutil, tempfile
binary, out = sys.argv[1], sys.argv[2]
d = tempfile.mkdtemp(prefix='gallery-recording-')
p = subprocess.Popen([binary, 'serve', '--data-dir', d, '--test-clock', '--seed', '7', '--framing', 'ndjson', '--durability', 'none'],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
n = 0
def call(m, params=None):
    global n; n += 1
    msg = {'jsonrpc': '2.0', 'id': n, 'method': m}
    if params is not None: msg['params'] = params
    p.stdin.write(json.dumps(msg) + '\n'); p.stdin.flush()
    while True:
        r = json.loads(p.stdout.readline())
        if r.get('id') == n:
            if 'error' in r: print(m, r['error'], file=sys.stderr)
            return r.get('result')
def settle(): call('test/settle')
def tick(ms=250):
    call('test/advanceClock', {'milliseconds': ms}); settle()
call('initialize', {'clientInfo': {'name': 'session'}}); tick()
call('auth/setEmail', {'value': 'test@mail.com'}); tick()
call('auth/setPassword', {'value': '123456'}); tick()
call('auth/submitLogin'); tick()
call('feed/setQuery', {'text': 'lake'}); tick(400)
call('connectivity/set', {'online': False}); tick()
call('feed/refresh'); tick()
call('connectivity/set', {'online': True}); tick()
call('feed/refresh'); tick()
st = call('state/get')
state = st['value']
key = state['feed']['items'][0]['key'] if state['feed'].get('items') else None
call('images/prefetch', {'keys': [key]}); tick()
if key: call('favorites/add', {'key': key}); tick()
call('nav/open', {'screen': 'albums'}); tick()
call('albums/load'); tick()
call('albums/open', {'albumId': 1}); tick()
# An album photo's thumbnail asked for offline fails; back online, it is retried.
photo = call('state/get')['value']['album']['photos'][0]['key']
call('connectivity/set', {'online': False}); tick()
call('images/prefetch', {'keys': [photo]}); tick()
call('connectivity/set', {'online': True}); tick()
call('images/retry', {'key': photo}); tick()
call('nav/back'); tick()
call('nav/open', {'screen': 'account'}); tick()
b = call('account/beginLogin'); tick()
call('account/completeLogin', {'redirectURL': b['demoRedirectURL']}); tick()
call('account/upload', {'data': base64.b64encode(b'GIF89a' + b'\0'*40).decode(), 'fileName': 'a.gif', 'title': 't'}); tick(); tick(); tick()
call('shutdown'); p.stdin.write(json.dumps({'jsonrpc':'2.0','method':'exit'})+'\n'); p.stdin.flush(); p.wait()
subprocess.run([binary, 'export', d + '/events.jsonl', '--from', '1', '--out', out], check=True, stdout=subprocess.DEVNULL)
shutil.rmtree(d, ignore_errors=True)
