"""Helpers of the security tests: credentials files, self-signed certificates made
with the openssl command, and requests signed at a chosen time."""

import datetime
import subprocess
from unittest import mock

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

# Access keys the test servers accept: one on the command line, two in a file.
FLAG_KEY, FLAG_SECRET = "AKIDFLAG", "flag/secret+1"
FILE_KEY, FILE_SECRET = "AKIDFILE", "file-secret"
OTHER_KEY, OTHER_SECRET = "AKIDOTHER", "other-secret"

MISMATCH = ("The request signature we calculated does not match the signature you provided. "
            "Check your AWS Secret Access Key and signing method. Consult the service "
            "documentation for details.")
UNRECOGNIZED = "The security token included in the request is invalid."


def write_credentials_file(path):
    path.write_text(f"""# profiles as the AWS CLI writes them
[default]
aws_access_key_id = {FILE_KEY}
aws_secret_access_key = {FILE_SECRET}

[other]
aws_access_key_id={OTHER_KEY}
aws_secret_access_key={OTHER_SECRET}
region = eu-west-1
""")
    return path


def make_certificate(directory, name="server", days=1):
    """A self-signed certificate for 127.0.0.1 and localhost: (cert path, key path).
    P-256 rather than RSA: generated in milliseconds."""
    cert, key = directory / f"{name}.pem", directory / f"{name}-key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", str(days), "-subj", f"/CN={name}",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True)
    return cert, key


def signed_headers(port, target, body, access_key, secret, when, region="us-east-1"):
    """The headers botocore sends for a DynamoDB request signed at `when` (naive UTC)."""
    request = AWSRequest(method="POST", url=f"http://127.0.0.1:{port}/", data=body,
                         headers={"Content-Type": "application/x-amz-json-1.0",
                                  "X-Amz-Target": f"DynamoDB_20120810.{target}"})
    return _sign(request, access_key, secret, when, region)


def signed_get_headers(port, path, access_key, secret, when=None, region="us-east-1"):
    """The headers botocore's SigV4 signer adds to a GET of `path` (with its query)."""
    request = AWSRequest(method="GET", url=f"http://127.0.0.1:{port}{path}")
    return _sign(request, access_key, secret, when or utc_now(), region)


def _sign(request, access_key, secret, when, region):
    signer = SigV4Auth(Credentials(access_key, secret), "dynamodb", region)
    with mock.patch("botocore.auth.datetime") as clock:
        clock.datetime.utcnow.return_value = when
        clock.datetime.now.return_value = when
        signer.add_auth(request)
    return dict(request.headers)


def utc_now():
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
