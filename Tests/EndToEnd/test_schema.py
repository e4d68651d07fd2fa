"""The JSON Schema of the form format (SPEC §12) against real forms, checked by
check-jsonschema, which reads YAML forms itself (ruamel.yaml, YAML 1.2).

- `formc schema` prints exactly the committed schemas/formc.schema.json, and the
  schema is a valid draft 2020-12 schema.
- Every form that formc accepts validates: the examples in schemas/, the forms of
  the test targets (*.form.yaml/yml/json under Tests/), the fuzz corpus files that
  compile without errors, and schema-fixtures/valid/ (every key of the format).
- Every form in schema-fixtures/invalid/ is rejected by formc with the code its
  name starts with (fc101-… → FC101) and fails the schema with validation errors,
  not parse errors.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from formc_e2e import formc_binary

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "schemas" / "formc.schema.json"
FIXTURES = Path(__file__).resolve().parent / "schema-fixtures"
FORM_SUFFIXES = (".form.yaml", ".form.yml", ".form.json")
FUZZ_CORPUS = ROOT / "Tests" / "FormCompilerTests" / "Fuzz"


FORMC = formc_binary()
CHECK_JSONSCHEMA = str(Path(sys.executable).parent / "check-jsonschema")


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def lint(path: Path) -> tuple[int, list[str]]:
    """formc's exit status for the file and the codes of its errors."""
    result = subprocess.run([FORMC, "lint", "--format", "json", str(path)], capture_output=True, text=True)
    report = json.loads(result.stdout)
    codes = sorted({d["code"] for d in report["diagnostics"] if d["severity"] == "error"})
    return result.returncode, codes


def validate(paths: list[Path]) -> dict[Path, dict]:
    """check-jsonschema's findings for each file, from one run over all of them
    (a run costs about a second). A file with no form suffix (the fuzz corpus) is
    read as YAML, as formc reads it."""
    result = subprocess.run(
        [CHECK_JSONSCHEMA, "--output-format", "json", "--default-filetype", "yaml",
         "--schemafile", str(SCHEMA)] + [str(p) for p in paths],
        capture_output=True, text=True,
    )
    report = json.loads(result.stdout)
    assert result.returncode == (0 if report["status"] == "ok" else 1), result.stderr
    findings = {p: {"errors": [], "parse_errors": []} for p in paths}
    for kind in ("errors", "parse_errors"):
        for finding in report.get(kind, []):
            findings[Path(finding["filename"])][kind].append(finding)
    return findings


_validated: dict[Path, dict] = {}


def findings(path: Path) -> dict:
    """The findings for one file, validating every valid and invalid form at once
    the first time."""
    if not _validated:
        _validated.update(validate(VALID_FORMS))
        _validated.update(validate(INVALID_FORMS))
    return _validated[path]


def is_form(path: Path) -> bool:
    return path.name.endswith(FORM_SUFFIXES)


def valid_forms() -> list[Path]:
    """The examples and this test's valid fixtures (each must compile: the test
    says so when one does not), then every other form file under Tests/ and every
    fuzz corpus file that formc accepts: those folders also hold broken inputs on
    purpose (the corpus, other end-to-end tests' fixtures)."""
    forms = sorted(p for p in (ROOT / "schemas").iterdir() if is_form(p))
    forms += sorted(p for p in (FIXTURES / "valid").iterdir() if is_form(p))
    others = sorted(p for p in (ROOT / "Tests").rglob("*") if is_form(p) and FIXTURES not in p.parents)
    others += sorted(p for p in FUZZ_CORPUS.iterdir() if p.is_file() and p.suffix != ".md")
    return forms + [p for p in others if lint(p)[0] == 0]


def invalid_forms() -> list[Path]:
    return sorted(p for p in (FIXTURES / "invalid").iterdir() if is_form(p))


VALID_FORMS = valid_forms()
INVALID_FORMS = invalid_forms()


def test_formc_schema_prints_the_committed_schema():
    result = subprocess.run([FORMC, "schema"], capture_output=True)
    assert result.returncode == 0
    assert result.stdout == SCHEMA.read_bytes(), "schemas/formc.schema.json is stale: run `formc schema > schemas/formc.schema.json`"


def test_schema_is_a_valid_draft_2020_12_schema():
    assert json.loads(SCHEMA.read_text())["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    result = subprocess.run([CHECK_JSONSCHEMA, "--check-metaschema", str(SCHEMA)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_valid_forms_include_every_kind_of_source():
    forms = {relative(p) for p in VALID_FORMS}
    assert "schemas/signup.form.yaml" in forms
    assert "schemas/feedback.form.json" in forms
    assert "Tests/GeneratedFormTests/Forms/hostile/hostile.form.yaml" in forms
    assert "Tests/GeneratedFormTests/Forms/schemas/payment.form.yaml" in forms
    assert "Tests/EndToEnd/schema-fixtures/valid/every-key.form.yaml" in forms
    assert any(p.startswith("Tests/FormCompilerTests/Fuzz/") for p in forms)


@pytest.mark.parametrize("path", VALID_FORMS, ids=relative)
def test_a_form_formc_accepts_validates(path: Path):
    status, codes = lint(path)
    assert status == 0 and codes == [], f"formc rejects {relative(path)}: {codes}"
    found = findings(path)
    assert found["parse_errors"] == [], found
    assert found["errors"] == [], json.dumps(found["errors"], indent=2)


@pytest.mark.parametrize("path", INVALID_FORMS, ids=relative)
def test_a_structurally_broken_form_fails_formc_and_the_schema(path: Path):
    expected_code = path.name.split("-", 1)[0].upper()
    status, codes = lint(path)
    assert status == 1
    assert expected_code in codes, f"formc gave {codes}, the fixture's name says {expected_code}"
    found = findings(path)
    assert found["parse_errors"] == [], found
    assert found["errors"], "the schema accepts a form formc rejects"


def test_check_jsonschema_reads_yaml_as_yaml():
    # A YAML form's mapping reaches the validator as a mapping: the error is about
    # the unknown key, at the element's path.
    path = FIXTURES / "invalid" / "fc101-unknown-key.form.yaml"
    errors = validate([path])[path]["errors"]
    assert [e["path"] for e in errors] == ["$.elements[0]"]
    assert "colour" in errors[0]["best_match"]["message"]


def test_a_draft_7_validator_gives_the_same_answers():
    # Editors' validators (yaml-language-server among them) may know only draft 7:
    # the schema keeps to keywords that mean the same there ($defs is reached by a
    # JSON pointer, and no $ref has siblings that draft 7 would ignore), so a draft 7
    # validator accepts and rejects exactly the same forms.
    import jsonschema
    from ruamel.yaml import YAML

    schema = json.loads(SCHEMA.read_text())

    def references_with_siblings(node):
        if isinstance(node, dict):
            found = [node] if "$ref" in node and len(node) > 1 else []
            return found + [r for value in node.values() for r in references_with_siblings(value)]
        if isinstance(node, list):
            return [r for value in node for r in references_with_siblings(value)]
        return []

    assert references_with_siblings(schema) == []
    draft7 = dict(schema, **{"$schema": "http://json-schema.org/draft-07/schema#"})
    jsonschema.Draft7Validator.check_schema(draft7)
    validators = (jsonschema.Draft202012Validator(schema), jsonschema.Draft7Validator(draft7))
    yaml = YAML(typ="safe", pure=True)
    for path in VALID_FORMS + INVALID_FORMS:
        text = path.read_text(encoding="utf-8")
        document = json.loads(text) if path.suffix == ".json" else yaml.load(text)
        answers = [v.is_valid(document) for v in validators]
        assert answers == [path in VALID_FORMS] * 2, relative(path)
