"""GET /console: the web console's files, embedded in the binary, served on loopback by
default and elsewhere only with --console; and GET /monotable/tables, the namespaces
the console offers. (The browser tests are in test_console.py.)"""
import http.client

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
    assert '<script type="module" src="app.js">' in page
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    status, headers, script = http_get(server.port, "/console/app.js")
    assert status == 200 and headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert "import" in script
    status, _, _ = http_get(server.port, "/console/style.css")
    assert status == 200
    assert http_get(server.port, "/console/missing.js")[0] == 404
    assert http_get(server.port, "/consoles")[0] == 404  # only /console and under it


def test_the_page_preloads_every_module(server):
    """index.html lists every module for modulepreload, so none waits for its importer."""
    page = http_get(server.port, "/console/")[2]
    for path in sorted((REPO_ROOT / "console").glob("*.js")):
        if path.name != "app.js":
            assert f'<link rel="modulepreload" href="{path.name}">' in page, path.name


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
