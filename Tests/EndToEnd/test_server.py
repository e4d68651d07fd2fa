"""The example server (Examples/FormServer): a real Hummingbird server on
loopback, sent real HTTP requests. It shares its forms with the app: the Swift
it validates with is formc's output for schemas/, committed, and checked current
here. `make e2e-server` builds it; FORM_SERVER_BINARY names another build."""

import http.client
import json
import os
import signal
import socket
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from formc_e2e import ROOT, formc_binary

EXAMPLE = ROOT / "Examples" / "FormServer"
CORE = EXAMPLE / "Sources" / "FormServerCore"
FORMS = {"signup": "SignUpForm", "intake": "IntakeForm"}


def server_binary() -> str:
    binary = os.environ.get("FORM_SERVER_BINARY")
    if binary:
        return binary
    bin_path = subprocess.run(
        ["swift", "build", "--package-path", str(EXAMPLE), "--show-bin-path"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    path = Path(bin_path) / "FormServer"
    if not path.exists():
        pytest.fail(f"{path} is not built: run `make e2e-server`")
    return str(path)


def start_server(*options):
    """The server on a free loopback port, started with `options`: the process and
    its host and port."""
    process = subprocess.Popen(
        [server_binary(), "--host", "127.0.0.1", "--port", "0", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    line = []
    reader = threading.Thread(target=lambda: line.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout=30)
    if not line or not line[0].startswith("listening on "):
        process.kill()
        pytest.fail(f"the server did not start: {line!r} {process.stderr.read()}")
    host, port = line[0].split()[-1].rsplit(":", 1)
    return process, (host, int(port))


def stop_server(process):
    """SIGTERM, which the server must survive cleanly (exit status 0)."""
    process.send_signal(signal.SIGTERM)
    try:
        status = process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("the server did not stop on SIGTERM")
    assert status == 0, process.stderr.read()


@pytest.fixture(scope="module")
def server():
    """The server on a free loopback port, stopped with SIGTERM at the end."""
    process, address = start_server()
    yield address
    stop_server(process)


def request(server, method, path, body=None, headers=None):
    """(status, headers, parsed JSON or text) of one request on a new connection."""
    connection = http.client.HTTPConnection(*server, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        kind = response.getheader("Content-Type", "")
        parsed = json.loads(data) if "json" in kind and method != "HEAD" else data.decode()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, parsed
    finally:
        connection.close()


def submit(server, form, values, language=None, content_type="application/json"):
    headers = {"Content-Type": content_type}
    if language:
        headers["Accept-Language"] = language
    body = values if isinstance(values, (bytes, str)) else json.dumps(values)
    return request(server, "POST", f"/forms/{form}", body, headers)


def valid_signup():
    return {
        "email": "ada@example.com", "password": "analytical1", "confirmPassword": "analytical1",
        "newsletter": False, "plan": "free", "company": "Hidden Ltd", "acceptTerms": True,
    }


def assert_problem(status, headers, body, expected):
    assert status == expected, body
    assert headers["content-type"] == "application/problem+json"
    assert body["status"] == expected
    assert body["title"] and body["detail"] and body["type"]


def test_the_committed_swift_and_catalog_are_formcs_output_for_the_forms():
    formc = formc_binary()
    for name, form in FORMS.items():
        source = ROOT / "schemas" / f"{name}.form.yaml"
        check = subprocess.run(
            [formc, "build", str(source.relative_to(ROOT)), "-o", str((CORE / f"{form}.swift").relative_to(ROOT)), "--check"],
            cwd=ROOT, capture_output=True, text=True,
        )
        assert check.returncode == 0, f"{form}.swift is out of date: run `make examples`\n{check.stderr}"
    sources = [f"schemas/{name}.form.yaml" for name in FORMS]
    check = subprocess.run(
        [formc, "strings", *sources, "-o", str((CORE / "Localizable.xcstrings").relative_to(ROOT)), "--check"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert check.returncode == 0, f"the catalog is out of date: run `make examples`\n{check.stderr}"


def test_valid_values_are_created_without_the_answers_the_person_could_not_see(server):
    status, headers, body = submit(server, "signup", valid_signup())
    assert status == 201, body
    assert headers["content-type"] == "application/json"
    assert body["email"] == "ada@example.com"
    assert body["company"] == "", "company is hidden on the free plan: its answer is dropped"


def test_invalid_values_are_422_with_each_issue_at_its_json_pointer(server):
    values = valid_signup() | {"email": "ada at example", "plan": "pro", "company": "", "acceptTerms": False}
    status, headers, body = submit(server, "signup", values)
    assert_problem(status, headers, body, 422)
    assert body["type"] == "/problems/invalid-values"
    assert body["issues"] == [
        {"path": "/email", "message": "Email must be a valid email address"},
        {"path": "/company", "message": "Company is required"},
        {"path": "/acceptTerms", "message": "I accept the terms is required"},
    ]
    assert headers["content-language"] == "en"
    # Every path names a value of the submitted JSON.
    for issue in body["issues"]:
        assert issue["path"].lstrip("/") in values
    # The problem type is documented where it points.
    doc_status, _, text = request(server, "GET", body["type"])
    assert doc_status == 200 and "issues" in text


def test_messages_come_in_the_requests_language(server):
    values = valid_signup() | {"email": "", "acceptTerms": False}
    status, headers, body = submit(server, "signup", values, language="de-AT, de;q=0.9, en;q=0.5")
    assert status == 422
    assert headers["content-language"] == "de"
    assert headers["vary"] == "Accept-Language"
    assert [issue["message"] for issue in body["issues"]] == [
        "E-Mail ist erforderlich", "Bitte akzeptieren Sie die Bedingungen",
    ]
    status, headers, body = submit(server, "signup", values, language="ja, fr;q=0.5")
    assert headers["content-language"] == "en"
    assert body["issues"][0]["message"] == "Email is required"


@pytest.mark.parametrize("body, detail", [
    (b'{"email": ', "not JSON"),
    (b"\xff\xfe", "not JSON"),
    (b"", "not JSON"),
])
def test_a_body_that_is_not_json_is_400(server, body, detail):
    status, headers, problem = submit(server, "signup", body)
    assert_problem(status, headers, problem, 400)
    assert detail in problem["detail"]


@pytest.mark.parametrize("change, pointer", [
    ({"plan": "gold"}, "/plan"),
    ({"newsletter": "yes"}, "/newsletter"),
    ({"email": None}, "/email"),
])
def test_json_that_is_not_the_forms_values_is_400_saying_where(server, change, pointer):
    status, headers, problem = submit(server, "signup", valid_signup() | change)
    assert_problem(status, headers, problem, 400)
    assert problem["type"] == "/problems/malformed-values"
    assert problem["pointer"] == pointer


def test_a_missing_value_is_400_at_its_pointer(server):
    values = valid_signup()
    del values["acceptTerms"]
    status, headers, problem = submit(server, "signup", values)
    assert_problem(status, headers, problem, 400)
    assert problem["pointer"] == "/acceptTerms"


def test_an_oversized_body_is_413_and_the_server_goes_on(server):
    padding = "x" * (70 * 1024)
    status, headers, problem = submit(server, "signup", json.dumps(valid_signup() | {"company": padding}))
    assert_problem(status, headers, problem, 413)
    assert request(server, "GET", "/health")[0] == 200


@pytest.mark.parametrize("body", [
    b"[" * 513,                                  # Foundation's parser traps on this one
    b'{"email": ' + b"[" * 512,
    b'{"email": "ada@example.com", "plan": ' + b"[" * 20 + b"]" * 20 + b"}",
])
def test_values_nested_past_any_forms_are_400_and_the_server_goes_on(server, body):
    status, headers, problem = submit(server, "signup", body)
    assert_problem(status, headers, problem, 400)
    assert problem["type"] == "/problems/malformed-values"
    assert "nest" in problem["detail"]
    assert request(server, "GET", "/health")[0] == 200


def raw_exchange(server, data: bytes, half_close: bool) -> bytes:
    """What the server answers to `data` sent as is on a new connection, once it closes."""
    with socket.create_connection(server, timeout=60) as connection:
        connection.sendall(data)
        if half_close:
            connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
        return answer


def test_a_body_shorter_than_its_length_is_400(server):
    head = (b"POST /forms/signup HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            b"Content-Length: 500\r\n\r\n")
    answer = raw_exchange(server, head + b'{"email":', half_close=True)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
    assert b"application/problem+json" in answer
    assert b"ended before it was complete" in answer
    assert request(server, "GET", "/health")[0] == 200


def test_a_connection_that_goes_quiet_is_closed_and_holds_no_shutdown():
    # Half a request, or half a body, then nothing: closed after the idle timeout, so
    # it holds neither a connection nor the server's shutdown for ever.
    process, address = start_server("--idle-timeout", "2")
    try:
        for data in [b"POST /forms/signup HTTP/1.1\r\nHost: t\r\n",
                     b"POST /forms/signup HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n{"]:
            started = time.monotonic()
            raw_exchange(address, data, half_close=False)
            assert 1.5 < time.monotonic() - started < 15
        quiet = socket.create_connection(address, timeout=60)
        quiet.sendall(b"POST /forms/signup HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n{")
        started = time.monotonic()
        stop_server(process)
        assert time.monotonic() - started < 15
        quiet.close()
    finally:
        if process.poll() is None:
            process.kill()


def test_other_requests_are_problems_too(server):
    status, headers, problem = submit(server, "signup", json.dumps(valid_signup()), content_type="text/plain")
    assert_problem(status, headers, problem, 415)
    status, headers, problem = submit(server, "nothing", valid_signup())
    assert_problem(status, headers, problem, 404)
    assert "signup" in problem["detail"]
    # An empty media type is 415, and the server answers on.
    for empty in ["", ";", " ; charset=utf-8"]:
        status, headers, problem = submit(server, "signup", json.dumps(valid_signup()), content_type=empty)
        assert_problem(status, headers, problem, 415)
    # A content coding the server does not undo (RFC 9110 §15.5.16); `identity` is none.
    body = json.dumps(valid_signup())
    status, headers, problem = request(server, "POST", "/forms/signup", body,
                                       {"Content-Type": "application/json", "Content-Encoding": "br"})
    assert_problem(status, headers, problem, 415)
    assert "br" in problem["detail"]
    status, _, _ = request(server, "POST", "/forms/signup", json.dumps(valid_signup() | {"email": "id@example.com"}),
                           {"Content-Type": "application/json", "Content-Encoding": "identity"})
    assert status == 201
    for method in ["GET", "PUT", "PATCH", "DELETE", "OPTIONS"]:
        status, headers, problem = request(server, method, "/forms/signup")
        assert_problem(status, headers, problem, 405)
        assert headers["allow"] == "POST"
    status, headers, _ = request(server, "HEAD", "/forms/signup")
    assert status == 405 and headers["allow"] == "POST"
    # A method nothing takes at a path something answers is 405 with what it takes (RFC 9110 §15.5.6).
    for method, path, allow in [("TRACE", "/forms/signup", "POST"), ("PROPFIND", "/forms/intake", "POST"),
                                ("POST", "/health", "GET, HEAD"), ("PUT", "/health", "GET, HEAD"),
                                ("POST", "/problems/invalid-values", "GET, HEAD")]:
        status, headers, problem = request(server, method, path)
        assert_problem(status, headers, problem, 405)
        assert headers["allow"] == allow, (method, path)
    for method, path in [("GET", "/no/such/route"), ("POST", "/no/such/route"), ("TRACE", "/forms/nothing"),
                         ("POST", "/problems/nothing")]:
        status, headers, problem = request(server, method, path)
        assert_problem(status, headers, problem, 404)
    # A form that does not exist is 404 whatever the method.
    status, headers, problem = request(server, "GET", "/forms/nothing")
    assert_problem(status, headers, problem, 404)
    # HEAD answers where GET does (RFC 9110 §9.3.2).
    for path in ["/health", "/problems/invalid-values"]:
        assert request(server, "HEAD", path)[0] == 200


def test_a_burst_of_concurrent_submissions_each_gets_its_own_answer(server):
    def one(index):
        if index % 3 == 0:
            return submit(server, "signup", valid_signup() | {"email": f"user{index}@example.com"})
        if index % 3 == 1:
            return submit(server, "signup", valid_signup() | {"email": f"user{index}"}, language="de")
        return submit(server, "signup", b"{ nope")

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(one, range(96)))
    assert time.monotonic() - started < 60
    for index, (status, headers, body) in enumerate(answers):
        if index % 3 == 0:
            assert status == 201 and body["email"] == f"user{index}@example.com"
        elif index % 3 == 1:
            assert status == 422 and headers["content-language"] == "de"
            assert body["issues"] == [{"path": "/email", "message": "E-Mail muss eine gültige E-Mail-Adresse sein"}]
        else:
            assert status == 400
    assert request(server, "GET", "/health")[0] == 200


def intake(email, **changes):
    values = {
        "fullName": "Grace Hopper", "birthDate": "1906-12-09", "email": email,
        "visitReason": "illness", "symptomList": ["cough", "pain"], "painLevel": 4, "symptomDays": 2,
        "mayBePregnant": False, "pregnancyWeeks": 12, "takesMedication": True,
        "allergies": "", "consent": True,
        "medications": [{"name": "Aspirin", "dose": "100 mg"}],
    }
    return values | changes


def test_an_intake_is_stored_without_the_answers_the_patient_could_not_see(server):
    status, _, body = submit(server, "intake", intake("hidden@example.com", visitReason="checkup", takesMedication=False))
    assert status == 201, body
    assert body["symptomList"] == [], "the symptoms page is skipped for a check-up"
    assert body.get("painLevel") is None and body.get("symptomDays") is None
    assert body.get("pregnancyWeeks") is None, "hidden while the patient may not be pregnant"
    assert body["medications"] == [], "the list is hidden while no medication is taken"
    assert body["fullName"] == "Grace Hopper"


def test_an_entry_of_a_list_is_named_by_its_pointer_in_the_requests_language(server):
    values = intake("entries@example.com", medications=[{"name": "Aspirin", "dose": ""}, {"name": "", "dose": "5 mg"}])
    status, headers, body = submit(server, "intake", values, language="de-DE")
    assert_problem(status, headers, body, 422)
    assert body["issues"] == [{"path": "/medications/1/name", "message": "Name des Medikaments ist erforderlich"}]
    values["medications"] = [{"name": "x", "dose": ""}] * 11
    status, _, body = submit(server, "intake", values)
    assert status == 422
    assert body["issues"] == [{"path": "/medications", "message": "Medications you take: at most 10 entries are allowed"}]


def test_a_second_intake_for_one_email_is_refused_even_when_sent_at_once(server):
    values = intake("twice@example.com")
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda _: submit(server, "intake", values, language="de"), range(8)))
    statuses = sorted(status for status, _, _ in answers)
    assert statuses == [201] + [422] * 7
    for status, _, body in answers:
        if status == 422:
            assert body["issues"] == [
                {"path": "/email", "message": "Für diese E-Mail-Adresse gibt es bereits eine Aufnahme"}
            ]
