"""--tls-cert/--tls-key: HTTPS on --port with boto3 (verify=) and the AWS CLI
(--ca-bundle), TLS 1.2 or later only, and a certificate reloaded on SIGHUP."""

import shutil
import signal
import socket
import ssl
import subprocess
import time

import boto3
import botocore.config
import pytest
from botocore.exceptions import SSLError

from mtutil import ACCESS_KEY, REGION, SECRET_KEY, create_table, unique_name
from security_common import make_certificate


@pytest.fixture
def tls_server(server_factory, tmp_path):
    cert, key = make_certificate(tmp_path)
    srv = server_factory(in_memory=True, extra=["--tls-cert", str(cert), "--tls-key", str(key)],
                         ca_file=cert)
    return srv, cert, key


def client(endpoint, verify):
    return boto3.client("dynamodb", endpoint_url=endpoint, region_name=REGION,
                        aws_access_key_id=ACCESS_KEY, aws_secret_access_key=SECRET_KEY,
                        verify=verify,
                        config=botocore.config.Config(retries={"max_attempts": 1}))


def peer_certificate(port, cafile):
    """The DER certificate the server presents to a new connection."""
    context = ssl.create_default_context(cafile=str(cafile))
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        with context.wrap_socket(raw) as tls:
            return tls.getpeercert(binary_form=True), tls.version(), tls.cipher()


def test_boto3_over_https(tls_server):
    srv, cert, _ = tls_server
    assert srv.endpoint.startswith("https://")
    c = client(srv.endpoint, verify=str(cert))
    name = unique_name("tls")
    create_table(c, name, range_type=None)
    c.put_item(TableName=name, Item={"PK": {"S": "k"}, "v": {"B": b"\x00" * 5000}})
    assert c.get_item(TableName=name, Key={"PK": {"S": "k"}})["Item"]["v"]["B"] == b"\x00" * 5000
    # Without the certificate in the trust store, the client refuses the server.
    with pytest.raises(SSLError):
        client(srv.endpoint, verify=True).list_tables()


def test_plain_http_is_not_served(tls_server):
    srv, _, _ = tls_server
    with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        reply = s.recv(100)
    assert not reply.startswith(b"HTTP/"), reply


def test_tls_versions_and_ciphers(tls_server):
    srv, cert, _ = tls_server
    _, version, cipher = peer_certificate(srv.port, cert)
    assert version in ("TLSv1.2", "TLSv1.3")
    # TLS 1.2 alone negotiates a forward-secret AEAD suite.
    context = ssl.create_default_context(cafile=str(cert))
    context.maximum_version = ssl.TLSVersion.TLSv1_2
    with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as raw:
        with context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
            assert tls.version() == "TLSv1.2"
            name = tls.cipher()[0]
            assert name.startswith("ECDHE-") and ("GCM" in name or "CHACHA20" in name), name
    # TLS 1.1 is refused (the client may refuse first on its own; either way no session).
    old = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    old.check_hostname = False
    old.verify_mode = ssl.CERT_NONE
    try:
        old.minimum_version = ssl.TLSVersion.TLSv1
        old.maximum_version = ssl.TLSVersion.TLSv1_1
        old.set_ciphers("ALL:@SECLEVEL=0")
    except (ValueError, ssl.SSLError):
        pytest.skip("this Python cannot offer TLS 1.1")
    with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as raw:
        with pytest.raises(ssl.SSLError):
            old.wrap_socket(raw)


def test_aws_cli_with_ca_bundle(tls_server, aws_cli_env):
    srv, cert, _ = tls_server
    exe = shutil.which("aws", path=aws_cli_env.get("PATH"))
    if exe is None:
        pytest.fail("the AWS CLI (aws) is not on PATH", pytrace=False)
    base = [exe, "--endpoint-url", srv.endpoint, "dynamodb", "list-tables", "--output", "json"]
    ok = subprocess.run(base + ["--ca-bundle", str(cert)], env=aws_cli_env, capture_output=True,
                        text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert ok.returncode == 0, ok.stderr
    refused = subprocess.run(base, env=aws_cli_env, capture_output=True, text=True, timeout=60,
                             stdin=subprocess.DEVNULL)
    assert refused.returncode != 0
    assert "SSL" in refused.stderr or "certificate" in refused.stderr, refused.stderr


def test_certificate_reloaded_on_sighup(tls_server, tmp_path):
    srv, cert, key = tls_server
    before, _, _ = peer_certificate(srv.port, cert)
    new_cert, new_key = make_certificate(tmp_path, name="renewed")
    shutil.copyfile(new_cert, cert)
    shutil.copyfile(new_key, key)
    srv.proc.send_signal(signal.SIGHUP)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        after, _, _ = peer_certificate(srv.port, cert)
        if after != before:
            break
        time.sleep(0.05)
    assert after != before
    assert after == ssl.PEM_cert_to_DER_cert(new_cert.read_text())
    assert "TLS certificate and key reloaded" in srv.stderr_text()
    # A broken file on reload keeps the previous certificate and the server serving.
    cert.write_text("not a certificate")
    srv.proc.send_signal(signal.SIGHUP)
    deadline = time.monotonic() + 10
    while "TLS reload failed" not in srv.stderr_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "TLS reload failed" in srv.stderr_text()
    assert peer_certificate(srv.port, new_cert)[0] == after
    assert client(srv.endpoint, verify=str(new_cert)).list_tables()["TableNames"] == []


def test_bad_tls_files_fail_startup(tmp_path):
    from mtutil import monotable_bin
    cert, _ = make_certificate(tmp_path)
    _, other_key = make_certificate(tmp_path, name="other")
    for args, message in [
            (["--tls-cert", str(cert)], "--tls-cert and --tls-key go together"),
            (["--tls-cert", str(tmp_path / "none.pem"), "--tls-key", str(other_key)],
             "cannot use --tls-cert"),
            (["--tls-cert", str(cert), "--tls-key", str(other_key)],
             "key values mismatch")]:
        proc = subprocess.run([monotable_bin(), "--in-memory", "--port", "0", *args],
                              capture_output=True, text=True, timeout=30)
        assert proc.returncode != 0, args
        assert message in proc.stderr, proc.stderr


def test_secure_transport_is_true_over_tls(server_factory, tmp_path):
    """aws:SecureTransport: the documented deny of requests not sent over TLS lets the
    tlsonly principal read over HTTPS (test_iam.py sees it refused over plain HTTP)."""
    from iam_policies import PRINCIPALS, write_iam_file
    cert, key = make_certificate(tmp_path)
    iam = write_iam_file(tmp_path / "iam.json")
    srv = server_factory(in_memory=True, ca_file=cert, extra=[
        "--tls-cert", str(cert), "--tls-key", str(key), "--require-signature", "--iam", str(iam)])

    def principal(who):
        p = PRINCIPALS[who]
        return boto3.client("dynamodb", endpoint_url=srv.endpoint, region_name=REGION,
                            aws_access_key_id=p["accessKeyId"],
                            aws_secret_access_key=p["secretAccessKey"], verify=str(cert),
                            config=botocore.config.Config(retries={"max_attempts": 1}))

    admin = principal("admin")
    create_table(admin, "Shop", range_type=None)
    admin.put_item(TableName="Shop", Item={"PK": {"S": "k"}, "v": {"S": "tls"}})
    got = principal("tlsonly").get_item(TableName="Shop", Key={"PK": {"S": "k"}})
    assert got["Item"]["v"]["S"] == "tls"
