"""DynamoDB Local's edges, which Testcontainers' modules wait for, without a container:
the binary started through a `java` link with DynamoDB Local's command line (as the
container image's `java` is), its start-up banner on stdout, its HTTP 400 to `GET /`
(--dynamodb-local), the health check that accepts it, the data in the current directory
without -dbPath, and DynamoDB Local's own messages for a command line it refuses.
The container runs of the same contracts are docker/testcontainers/run.sh (long form)."""

import http.client
import os
import subprocess
import time

import pytest

from mtutil import ServerProcess, create_table, free_port, make_client, monotable_bin

ROOT_BODY = (b'{"__type":"com.amazonaws.dynamodb.v20120810#MissingAuthenticationToken",'
             b'"Message":"Request must contain either a valid (registered) AWS access key ID'
             b' or X.509 certificate."}')
# What Testcontainers for Go's dynamodb module runs: its entry point, then its command.
TESTCONTAINERS_GO = ["-Djava.library.path=./DynamoDBLocal_lib", "-jar", "DynamoDBLocal.jar"]


def banner(port, in_memory, db_path, shared_db, cors="null"):
    return ("Initializing DynamoDB Local with the following configuration:\n"
            f"Port:\t{port}\nInMemory:\t{str(in_memory).lower()}\nVersion:\tmonotable\n"
            f"DbPath:\t{db_path}\nSharedDb:\t{str(shared_db).lower()}\n"
            f"shouldDelayTransientStatuses:\tfalse\nCorsParams:\t{cors}\n\n")


@pytest.fixture
def java(tmp_path):
    """A `java` link to the binary, as the image has at /usr/local/bin/java."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    link = bin_dir / "java"
    link.symlink_to(os.path.abspath(monotable_bin()))  # a link resolves from its folder
    return str(link)


def start(args, port, tmp_path, cwd=None):
    """Starts the process in `cwd` and waits for the banner's last (empty) line on
    stdout, the moment a harness watching the logs goes on."""
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        srv = ServerProcess(args, port, tmp_path / "logs")
    finally:
        os.chdir(old)
    deadline = time.monotonic() + 10
    while "\n\n" not in srv.stdout_text():
        if srv.proc.poll() is not None or time.monotonic() > deadline:
            srv.stop()
            pytest.fail(f"no banner from {args}: exit {srv.proc.returncode}\n"
                        f"stdout: {srv.stdout_text()!r}\nstderr: {srv.stderr_text()[-2000:]}")
        time.sleep(0.02)
    return srv


def get(port, method="GET", path="/"):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request(method, path)
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


def assert_dynamodb_local_root(port):
    status, headers, body = get(port)
    assert status == 400, (status, body)
    assert body == ROOT_BODY
    assert headers["Content-Type"] == "application/x-amz-json-1.0"
    assert "x-amzn-RequestId" in headers
    status, _, body = get(port, "HEAD")
    assert (status, body) == (400, b"")


def health_check(port):
    return subprocess.run([monotable_bin(), "--health-check", f"http://127.0.0.1:{port}/"],
                          capture_output=True, text=True, timeout=10)


def write_and_read(endpoint):
    client = make_client(endpoint)
    name = create_table(client, range_type=None)["TableDescription"]["TableName"]
    client.put_item(TableName=name, Item={"PK": {"S": "k"}, "v": {"S": "hello"}})
    item = client.get_item(TableName=name, Key={"PK": {"S": "k"}}, ConsistentRead=True)
    assert item["Item"]["v"] == {"S": "hello"}
    return name


def test_testcontainers_go_command_line_through_the_java_link(java, tmp_path):
    port = free_port()
    srv = start([java, *TESTCONTAINERS_GO, "-sharedDb", "-inMemory", "-port", str(port)],
                port, tmp_path)
    try:
        assert srv.stdout_text() == banner(port, True, "null", True)
        assert_dynamodb_local_root(port)
        result = health_check(port)  # the image's HEALTHCHECK, against the 400
        assert result.returncode == 0, result.stderr
        name = write_and_read(srv.endpoint)
        # -sharedDb: another access key and region see the same tables.
        other = make_client(srv.endpoint, access_key="OTHER", region="eu-west-1")
        assert name in other.list_tables()["TableNames"]
    finally:
        assert srv.stop() == 0


def test_without_db_path_the_data_stays_in_the_current_directory(java, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    port = free_port()
    args = [java, "-jar", "DynamoDBLocal.jar", "--port", str(port), "-cors", "*"]
    srv = start(args, port, tmp_path, cwd=work)
    try:
        assert srv.stdout_text() == banner(port, False, ".", False, cors="*")
        name = write_and_read(srv.endpoint)
    finally:
        assert srv.stop() == 0
    assert (work / "CURRENT").is_file(), sorted(p.name for p in work.iterdir())
    srv = start(args, port, tmp_path, cwd=work)
    try:
        assert name in make_client(srv.endpoint).list_tables()["TableNames"]
    finally:
        srv.stop()


def test_monotable_with_dynamodb_local_flag(tmp_path):
    port = free_port()
    srv = start([monotable_bin(), "--port", str(port), "--db-path", str(tmp_path / "db"),
                 "--dynamodb-local"], port, tmp_path)
    try:
        assert srv.stdout_text() == banner(port, False, tmp_path / "db", False)
        assert_dynamodb_local_root(port)
        assert health_check(port).returncode == 0
    finally:
        srv.stop()


def run_java(java, args, cwd):
    return subprocess.run([java, *args], capture_output=True, text=True, timeout=10, cwd=cwd,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("args, message, usage", [
    (["-jar", "DynamoDBLocal.jar", "-foo"],
     "Error while parsing options. Unrecognized option: -foo", True),
    (["-jar", "DynamoDBLocal.jar", "-port"],
     "Error while parsing options. Missing argument for option: port", True),
    (["-jar", "DynamoDBLocal.jar", "-port", "70000"],
     "Invalid Port. Port number must lie between 1 and 65535.", False),
    (["-jar", "DynamoDBLocal.jar", "-inMemory", "-dbPath", "."],
     "dbPath and inMemory cannot be set at the same time.", False),
    (["-jar", "DynamoDBLocal.jar", "-dbPath", "./missing"],
     "Invalid directory for database creation.", False),
    (["-jar", "app.jar"], "Error: Unable to access jarfile app.jar", False),
])
def test_refused_command_lines_get_dynamodb_locals_messages(java, tmp_path, args, message,
                                                            usage):
    result = run_java(java, args, tmp_path)
    assert result.returncode == 1
    assert result.stderr == message + "\n"
    assert ("-jar DynamoDBLocal.jar" in result.stdout) == usage, result.stdout
    assert not (tmp_path / "CURRENT").exists()  # nothing was opened


def test_help_and_version(java, tmp_path):
    result = run_java(java, ["-jar", "DynamoDBLocal.jar", "-help"], tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("usage: java [JVM options] -jar DynamoDBLocal.jar")
    result = run_java(java, ["-version"], tmp_path)
    assert result.returncode == 0
    assert "monotable" in result.stdout
