"""GET /console: the web console's files, embedded in the binary, served on loopback by
default and elsewhere only with --console; and GET /monotable/tables, the namespaces
the console offers. (The browser tests are in test_console.py.)"""
import gzip
import http.client
import re

from mtutil import REPO_ROOT, create_table, get_json, http_get, make_client, unique_name


def get_with(port, path, headers):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


def test_the_console_is_served_on_loopback(server):
    status, headers, _ = http_get(server.port, "/console")
    assert status == 308 and headers["Location"] == "/console/"
    status, headers, page = http_get(server.port, "/console/")
    assert status == 200
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert re.search(r'<script type="module" src="console\.[0-9a-f]{12}\.js">', page)
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    status, headers, script = http_get(server.port, "/console/app.js")
    assert status == 200 and headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert "import" in script  # the modules stay importable one by one
    status, _, _ = http_get(server.port, "/console/style.css")
    assert status == 200
    assert http_get(server.port, "/console/missing.js")[0] == 404
    assert http_get(server.port, "/consoles")[0] == 404  # only /console and under it


def hashed_files(page):
    script = re.search(r'src="(console\.[0-9a-f]{12}\.js)"', page).group(1)
    stylesheet = re.search(r'href="(style\.[0-9a-f]{12}\.css)"', page).group(1)
    return script, stylesheet


def test_the_page_loads_one_bundle_of_every_module(server):
    """index.html loads one script, every module bundled in it, and a hashed stylesheet;
    both are immutable (a new build names them anew)."""
    page = http_get(server.port, "/console/")[2]
    assert "modulepreload" not in page and "app.js" not in page
    script, stylesheet = hashed_files(page)
    status, headers, bundle = http_get(server.port, f"/console/{script}")
    assert status == 200 and headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for path in sorted((REPO_ROOT / "console").glob("*.js")):
        assert f"// ---- {path.name}\n" in bundle, path.name
    assert not re.search(r"^\s*(import|export) ", bundle, re.MULTILINE)
    status, headers, css = http_get(server.port, f"/console/{stylesheet}")
    assert css == (REPO_ROOT / "console" / "style.css").read_text()
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_gzip_when_the_client_accepts_it(server):
    script, _ = hashed_files(http_get(server.port, "/console/")[2])
    _, plain_headers, plain = get_with(server.port, f"/console/{script}", {})
    assert "Content-Encoding" not in plain_headers
    status, headers, packed = get_with(server.port, f"/console/{script}",
                                       {"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(packed) == plain
    assert len(packed) < len(plain) / 2
    assert headers["ETag"] != plain_headers["ETag"]  # another representation
    status, _, _ = get_with(server.port, f"/console/{script}",
                            {"Accept-Encoding": "gzip", "If-None-Match": headers["ETag"]})
    assert status == 304


def test_an_unchanged_file_answers_304(server):
    status, headers, _ = http_get(server.port, "/console/app.js")
    etag = headers["ETag"]
    assert status == 200 and etag.startswith('"') and headers["Cache-Control"] == "no-cache"
    status, _, body = get_with(server.port, "/console/app.js", {"If-None-Match": etag})
    assert status == 304 and body == b""
    status, _, _ = get_with(server.port, "/console/app.js", {"If-None-Match": '"other"'})
    assert status == 200


def test_off_on_other_addresses_unless_asked_for(server_factory):
    elsewhere = server_factory(in_memory=True, extra=["--host", "0.0.0.0"])
    status, _, body = http_get(elsewhere.port, "/console/")
    assert status == 404 and "--console" in body
    opted_in = server_factory(in_memory=True, extra=["--host", "0.0.0.0", "--console"])
    assert http_get(opted_in.port, "/console/")[0] == 200
    opted_out = server_factory(in_memory=True, extra=["--no-console"])
    assert http_get(opted_out.port, "/console/")[0] == 404


def test_tables_view_lists_namespaces(server_factory):
    srv = server_factory(in_memory=True)
    a = make_client(srv.endpoint, access_key="AKIDA", region="us-east-1")
    b = make_client(srv.endpoint, access_key="AKIDB", region="eu-west-1")
    name_a, name_b = unique_name(), unique_name()
    create_table(a, name_a)
    create_table(b, name_b)
    status, body = get_json(srv.port, "/monotable/tables")
    assert status == 200
    assert {"Namespace": "AKIDA:us-east-1", "TableName": name_a} in body["Tables"]
    assert {"Namespace": "AKIDB:eu-west-1", "TableName": name_b} in body["Tables"]
    assert len(body["Tables"]) == 2


def test_tables_view_with_shared_db(server_factory):
    srv = server_factory(in_memory=True, shared_db=True)
    name = unique_name()
    create_table(make_client(srv.endpoint, access_key="AKIDA"), name)
    assert get_json(srv.port, "/monotable/tables") == (
        200, {"Tables": [{"Namespace": "shared", "TableName": name}]})
