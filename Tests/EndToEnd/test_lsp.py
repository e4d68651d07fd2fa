"""`formc lsp` driven by a real LSP client (pytest-lsp, on pygls and lsprotocol).

Every capability of SPEC §12 once, end to end, and the robustness cases: unknown
methods, requests after shutdown, broken and huge documents, bytes that are not
UTF-8, bad headers. The raw-stream cases talk to the server without the client,
since a client cannot send what they send.
"""

import json
import os
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient
from formc_e2e import formc_binary


FORMC = formc_binary()
URI = "file:///forms/signup.form.yaml"

SIGNUP = """\
formc: 1
form: SignUpForm
elements:
  - group: account
    elements:
      - textField: email
        placeholder: "東京 🙂 you@example.com"
        rules: [required, email]
      - textField: confirmEmail
        rules:
          - sameAs: email
  - boolean: newsletter
    title: News
  - segment: plan
    options: [free, pro]
  - textField: company
    visibleWhen: plan == 'pro' and not newsletter

"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[FORMC, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


async def open_document(client: LanguageClient, text: str, uri: str = URI, version: int = 1):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    """The UTF-16 position of `needle` (plus `offset` characters) in `text`."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    line_start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=len(text[line_start:index].encode("utf-16-le")) // 2)


async def completion_labels(client: LanguageClient, text: str, needle: str, offset: int = 0) -> list[str]:
    await open_document(client, text)
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=URI), position=position_of(text, needle, offset)
        )
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    return [item.label for item in items]


# MARK: - Lifecycle and capabilities


@pytest.mark.asyncio
async def test_capabilities(client: LanguageClient):
    # The fixture's initialize offered no encodings: UTF-16.
    await open_document(client, SIGNUP)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position_of(SIGNUP, "title: News"))
    )
    assert hover is not None and "title" in hover.contents.value


@pytest.mark.asyncio
async def test_unknown_method_is_method_not_found(client: LanguageClient):
    with pytest.raises(JsonRpcException) as raised:
        await client.protocol.send_request_async("formc/doesNotExist", {})
    assert "-32601" in repr(raised.value) or "not found" in str(raised.value)
    # An unknown notification is ignored, and the server goes on answering.
    client.protocol.notify("formc/unknownNotification", {})
    assert await open_document(client, SIGNUP) == []


# MARK: - Diagnostics


@pytest.mark.asyncio
async def test_diagnostics_with_code_link_and_notes(client: LanguageClient):
    text = SIGNUP.replace("  - textField: company", "  - textField: email")
    diagnostics = await open_document(client, text)
    assert [d.code for d in diagnostics] == ["FC202"]
    duplicate = diagnostics[0]
    assert duplicate.severity == types.DiagnosticSeverity.Error
    assert duplicate.code_description.href.endswith("docs/diagnostics.md#fc202")
    assert duplicate.range.start == position_of(text, "email\n    visibleWhen")
    assert duplicate.related_information[0].location.range.start == position_of(text, "email\n        placeholder")


@pytest.mark.asyncio
async def test_incremental_change_after_emoji_and_cjk(client: LanguageClient):
    await open_document(client, SIGNUP)
    # Type a typo of `newsletter` after the emoji line's field, in UTF-16 positions.
    start = position_of(SIGNUP, "newsletter\n\n")
    end = types.Position(line=start.line, character=start.character + len("newsletter"))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="newsleter")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diagnostics = client.diagnostics[URI]
    assert [d.code for d in diagnostics] == ["FC501"]
    assert diagnostics[0].range == types.Range(start=start, end=types.Position(line=start.line, character=start.character + 9))

    # An emoji typed before an error moves it by two UTF-16 units.
    email_line = position_of(SIGNUP, "rules: [required, email]")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=SIGNUP.replace("email]", "emial]").replace("free, pro", "🙂, 東京"))],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    codes = {d.code: d for d in client.diagnostics[URI]}
    assert codes["FC400"].range.start == types.Position(line=email_line.line, character=email_line.character + len("rules: [required, "))


@pytest.mark.asyncio
async def test_save_and_close(client: LanguageClient):
    await open_document(client, SIGNUP)
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI), text=SIGNUP.replace("title: News", "tilte: News"))
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert "FC101" in [d.code for d in client.diagnostics[URI]]
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[URI]) == []


# MARK: - Completion


@pytest.mark.asyncio
async def test_completion_of_keys_not_present(client: LanguageClient):
    text = SIGNUP.replace("    title: News\n", "    title: News\n    ic\n")
    labels = await completion_labels(client, text, "ic\n", 2)
    assert "icon" in labels and "default" in labels and "title" not in labels


@pytest.mark.asyncio
async def test_completion_of_element_kinds_and_rules(client: LanguageClient):
    assert (await completion_labels(client, SIGNUP + "  - \n", "  - \n", 4))[:3] == ["group", "boolean", "segment"]
    rules = await completion_labels(client, SIGNUP.replace("[required, email]", "[required, ]"), "[required, ]", 11)
    assert "minLength" in rules and "required" not in rules


KINDS = """\
formc: 1
form: KindsForm
elements:
  - textField: nick
    rules: [required, ]
  - boolean: agree
    title: Agree
    rules: []
  - picker: size
    options: [small, large]
    rules: []
  - number: age
    style: 
    rules: [required, {min: 18}, ]
  - date: birthday
    mode: 
    rules:
      - max: today-18y
      - 
  - multiChoice: toppings
    options: [cheese, olives, basil]
    rules: []
  - segue: next
    title: Next
    rules: []
"""


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "needle,offset,expected",
    [
        # Only the rules that apply to the kind (no FC401 to come), none given twice.
        ("[required, ]", 11, ["minLength", "maxLength", "pattern", "email", "url", "sameAs", "custom"]),
        ("title: Agree\n    rules: []", 25, ["required", "sameAs", "custom"]),
        ("large]\n    rules: []", 19, ["required", "sameAs", "custom"]),
        ("{min: 18}, ]", 11, ["custom", "max"]),
        ("today-18y\n      - ", 18, ["required", "custom", "min"]),
        ("basil]\n    rules: []", 19, ["required", "custom", "minCount", "maxCount"]),
        # A segue has no value, so no rule.
        ("Next\n    rules: []", 17, []),
        # The closed values of each kind's own keys.
        ("style: ", 7, ["field", "stepper", "slider"]),
        ("mode: ", 6, ["date", "time", "dateTime"]),
    ],
)
async def test_completion_knows_the_fields_kind(client: LanguageClient, needle: str, offset: int, expected: list[str]):
    assert await completion_labels(client, KINDS, needle, offset) == expected


@pytest.mark.asyncio
async def test_completion_of_closed_values_field_ids_and_options(client: LanguageClient):
    keyboard = SIGNUP.replace("        rules: [required, email]", "        keyboard: \n        rules: [required, email]")
    assert await completion_labels(client, keyboard, "keyboard: ", 10) == ["default", "email", "number", "decimal", "phone", "url"]
    same_as = SIGNUP.replace("sameAs: email", "sameAs: ")
    labels = await completion_labels(client, same_as, "sameAs: ", 8)
    assert "email" in labels and "confirmEmail" not in labels
    condition = SIGNUP.replace("plan == 'pro' and not newsletter", "not ")
    labels = await completion_labels(client, condition, "visibleWhen: not ", 17)
    assert "newsletter" in labels and "isEmpty" in labels
    assert "company" not in labels, "a visibleWhen never reads its own field (FC504)"
    quoted = SIGNUP.replace("plan == 'pro' and not newsletter", "plan == '")
    assert await completion_labels(client, quoted, "plan == '", 9) == ["free", "pro"]


@pytest.mark.asyncio
async def test_field_ids_filtered_by_the_typed_word_ask_again(client: LanguageClient):
    """Ids are those the typed word matches (in order, any case), and the list says
    it is incomplete so that the client asks again as the word grows."""
    text = SIGNUP.replace("plan == 'pro' and not newsletter", "not EMA")
    await open_document(client, text)
    ident = types.TextDocumentIdentifier(uri=URI)
    typed = await client.text_document_completion_async(
        types.CompletionParams(text_document=ident, position=position_of(text, "not EMA", 7))
    )
    assert isinstance(typed, types.CompletionList) and typed.is_incomplete
    assert [item.label for item in typed.items if item.kind == types.CompletionItemKind.Field] == ["email", "confirmEmail"]
    whole = await client.text_document_completion_async(
        types.CompletionParams(text_document=ident, position=position_of(text, "not EMA", 4))
    )
    assert isinstance(whole, types.CompletionList) and not whole.is_incomplete
    labels = {item.label for item in whole.items}
    assert {"email", "confirmEmail", "newsletter", "plan"} <= labels and "company" not in labels


@pytest.mark.asyncio
async def test_a_json_form(client: LanguageClient):
    uri = "file:///forms/contact.form.json"
    text = '{"formc": 1, "form": "Contact", "elements": [{"textField": "email", "keyboard": "em", "rules": ["requird"]}]}'
    diagnostics = await open_document(client, text, uri=uri)
    assert sorted(d.code for d in diagnostics) == ["FC102", "FC400"]
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, '"em"', 3))
    )
    assert [item.label for item in result.items] == ["default", "email", "number", "decimal", "phone", "url"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[FORMC, "lsp"]))
async def snippet_client(lsp_client: LanguageClient):
    completion = types.CompletionClientCapabilities(completion_item=types.ClientCompletionItemOptions(snippet_support=True))
    capabilities = types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(completion=completion))
    await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities))
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_a_json_kind_puts_the_cursor_in_its_id(snippet_client: LanguageClient):
    """A client that takes snippets gets a JSON kind as one, the cursor between its id's quotes."""
    uri = "file:///forms/contact.form.json"
    text = '{"formc": 1, "form": "Contact", "elements": [{"textField": "email"}, ]}'
    await open_document(snippet_client, text, uri=uri)
    result = await snippet_client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, ", ]", 2))
    )
    items = {item.label: item for item in result.items}
    assert items["textField"].text_edit.new_text == '{"textField": "$0"\\}'
    assert items["textField"].insert_text_format == types.InsertTextFormat.Snippet
    assert items["spacer"].text_edit.new_text == '{"spacer": 0}' and items["spacer"].insert_text_format is None


# MARK: - Hover, navigation, rename


@pytest.mark.asyncio
async def test_hover_of_field_key_and_diagnostic(client: LanguageClient):
    text = SIGNUP.replace("title: News", "tilte: News")
    await open_document(client, text)
    ident = types.TextDocumentIdentifier(uri=URI)
    field = await client.text_document_hover_async(types.HoverParams(text_document=ident, position=position_of(text, "plan ==", 1)))
    assert "`Plan?`" in field.contents.value
    key = await client.text_document_hover_async(types.HoverParams(text_document=ident, position=position_of(text, "options:", 2)))
    assert "choices" in key.contents.value
    diagnostic = await client.text_document_hover_async(types.HoverParams(text_document=ident, position=position_of(text, "tilte", 2)))
    assert "FC101" in diagnostic.contents.value and "did you mean 'title'" in diagnostic.contents.value


@pytest.mark.asyncio
async def test_definition_and_references(client: LanguageClient):
    await open_document(client, SIGNUP)
    ident = types.TextDocumentIdentifier(uri=URI)
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=ident, position=position_of(SIGNUP, "sameAs: email", 9))
    )
    assert [location.range.start for location in definition] == [position_of(SIGNUP, "email\n        placeholder")]
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=ident, position=position_of(SIGNUP, "boolean: newsletter", 10),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    assert [location.range.start for location in references] == [
        position_of(SIGNUP, "newsletter\n    title"), position_of(SIGNUP, "newsletter\n\n")
    ]


@pytest.mark.asyncio
async def test_rename_and_its_refusals(client: LanguageClient):
    await open_document(client, SIGNUP)
    ident = types.TextDocumentIdentifier(uri=URI)
    position = position_of(SIGNUP, "plan ==", 2)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=ident, position=position))
    assert prepared.placeholder == "plan"
    edit = await client.text_document_rename_async(types.RenameParams(text_document=ident, position=position, new_name="tier"))
    assert sorted((e.range.start.line, e.new_text) for e in edit.changes[URI]) == [(13, "tier"), (16, "tier")]
    for bad in ["Tier", "email", "and"]:
        with pytest.raises(JsonRpcException):
            await client.text_document_rename_async(types.RenameParams(text_document=ident, position=position, new_name=bad))
    with pytest.raises(JsonRpcException):
        await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=ident, position=types.Position(line=0, character=0)))


RELATIONS = """\
formc: 1
form: TripForm
options:
  Country: [us, gb]
elements:
  - date: start
  - picker: home
    options: Country
  - picker: away
    options: Country
  - date: end
    rules:
      - min: start
        when: home == away

"""


@pytest.mark.asyncio
async def test_completion_and_rename_of_relations(client: LanguageClient):
    # SPEC §16: a bound's field (or, for a date, today), a rule's `when`, a shared set's name.
    assert await completion_labels(client, RELATIONS.replace("min: start", "min: "), "min: ", 5) == ["start", "today"]
    found = await completion_labels(client, RELATIONS.replace("when: home == away", "when: "), "when: ", 6)
    assert "home" in found and "away" in found and "isEmpty" in found
    assert await completion_labels(client, RELATIONS.replace("home\n    options: Country", "home\n    options: "), "options: \n", 9) == ["Country"]
    await open_document(client, RELATIONS)
    ident = types.TextDocumentIdentifier(uri=URI)
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=ident, position=position_of(RELATIONS, "date: start", 7), new_name="begin"))
    assert sorted(e.range.start.line for e in edit.changes[URI]) == [5, 12]
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=ident, position=position_of(RELATIONS, "Country: [", 2), new_name="Nation"))
    assert sorted(e.range.start.line for e in edit.changes[URI]) == [3, 7, 9]
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=ident, position=position_of(RELATIONS, "when: home", 7), new_name="house"))
    assert sorted(e.range.start.line for e in edit.changes[URI]) == [6, 13]


# MARK: - Outline and quick fixes


@pytest.mark.asyncio
async def test_document_symbols(client: LanguageClient):
    await open_document(client, SIGNUP)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert [s.name for s in symbols] == ["account", "newsletter", "plan", "company"]
    assert [s.name for s in symbols[0].children] == ["email", "confirmEmail"]
    assert symbols[2].detail == "segment: Plan?"


WIZARD = """\
formc: 1
form: WizardForm
elements:
  - page: personal
    title: About you
    elements:
      - textField: email
        rules: [required]
  - page: history
    elements:
      - boolean: consent
        title: I agree
"""


@pytest.mark.asyncio
async def test_pages_in_the_outline_and_in_completion(client: LanguageClient):
    assert await open_document(client, WIZARD) == []
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert [(s.name, s.kind, s.detail) for s in symbols] == [
        ("personal", types.SymbolKind.Module, "page 'About you'"),
        ("history", types.SymbolKind.Module, "page"),
    ]
    assert [s.name for s in symbols[0].children] == ["email"]
    # At the top level of a form of pages, only a page may follow; inside a page, anything but a page.
    top = WIZARD + "  - \n"
    assert await completion_labels(client, top, "  - \n", 4) == ["page"]
    inside = WIZARD.replace("        title: I agree\n", "        title: I agree\n      - \n")
    labels = await completion_labels(client, inside, "      - \n", 8)
    assert "boolean" in labels and "group" in labels and "page" not in labels


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "original, broken, fixed",
    [
        ("title: News", "tilte: News", "title"),
        ("  - boolean: newsletter", "  - boolen: newsletter", "boolean"),
        ("[required, email]", "[required, emial]", "email"),
        ("not newsletter", "not newsleter", "newsletter"),
        ("plan == 'pro' and not newsletter", "!newsletter", "not newsletter"),
        ("plan == 'pro' and not newsletter", "plan == 'pro' && not newsletter", "and"),
        ("plan == 'pro' and not newsletter", "\"!newsletter\"", "not "),
        ("formc: 1", "formc: 2", "1"),
    ],
)
async def test_quick_fixes(client: LanguageClient, original: str, broken: str, fixed: str):
    text = SIGNUP.replace(original, broken)
    diagnostics = await open_document(client, text)
    assert diagnostics
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=40, character=0)),
            context=types.CodeActionContext(diagnostics=diagnostics),
        )
    )
    assert [a.edit.changes[URI][0].new_text for a in actions] == [fixed]
    assert actions[0].kind == types.CodeActionKind.QuickFix


# MARK: - Robustness


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "text",
    [
        "",
        "\t\t\n\t",
        "formc: 1\nform: 'SignUp\nelements:\n",
        "formc: 1\nform: A\nelements:\n  - textField: a\n    visibleWhen: \"a == 'x\n",
        "formc: 1\nform: A\nelements:\n  - textFi",
        "{\"formc\": 1, \"form\": ",
        "- - - [ { :",
        "\ufeff🙂東京\r\n\r\n\t- x: !tag &a *a",
    ],
)
async def test_broken_documents_get_answers(client: LanguageClient, text: str):
    await open_document(client, text)
    ident = types.TextDocumentIdentifier(uri=URI)
    lines = text.split("\n") + ["", "past the end"]
    for line_number, line in enumerate(lines):
        for character in range(0, len(line) + 3, 2):
            position = types.Position(line=line_number, character=character)
            await client.text_document_completion_async(types.CompletionParams(text_document=ident, position=position))
            await client.text_document_hover_async(types.HoverParams(text_document=ident, position=position))
            await client.text_document_definition_async(types.DefinitionParams(text_document=ident, position=position))
    await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=ident))
    # Still answering.
    assert await open_document(client, SIGNUP) == []


@pytest.mark.asyncio
async def test_typing_the_form_character_by_character(client: LanguageClient):
    """Every moment of typing SIGNUP, emoji and CJK included, as incremental changes
    at UTF-16 positions, with a completion and a hover at the cursor after each: the
    server answers each, and the text it ends with is the form (no diagnostics)."""
    await open_document(client, "")
    ident = types.TextDocumentIdentifier(uri=URI)
    line, character = 0, 0
    for version, char in enumerate(SIGNUP, start=2):
        at = types.Position(line=line, character=character)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
                content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=at, end=at), text=char)],
            )
        )
        if char == "\n":
            line, character = line + 1, 0
        else:
            character += len(char.encode("utf-16-le")) // 2
        cursor = types.Position(line=line, character=character)
        completion = await client.text_document_completion_async(types.CompletionParams(text_document=ident, position=cursor))
        assert completion is not None
        await client.text_document_hover_async(types.HoverParams(text_document=ident, position=cursor))
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=ident))
    assert [s.name for s in symbols] == ["account", "newsletter", "plan", "company"]
    hover = await client.text_document_hover_async(types.HoverParams(text_document=ident, position=position_of(SIGNUP, "plan ==", 1)))
    assert "`Plan?`" in hover.contents.value


@pytest.mark.asyncio
async def test_a_ten_megabyte_paste(client: LanguageClient):
    await open_document(client, SIGNUP)
    paste = "  - staticText: " + "x" * (10 * 1024 * 1024) + "\n"
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=SIGNUP + paste)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[URI]) == []
    labels = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=18, character=4))
    )
    assert labels is not None


# MARK: - The raw stream


class RawServer:
    """The server on pipes, spoken to byte by byte."""

    def __init__(self):
        self.process = subprocess.Popen([FORMC, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send_bytes(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self) -> dict:
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            assert byte, "the server closed its output"
            header += byte
        length = int(header.split(b":")[1].strip())
        return json.loads(self.process.stdout.read(length))

    def finish(self) -> int:
        self.process.stdin.close()
        return self.process.wait(timeout=30)


def test_request_after_shutdown_and_exit_codes():
    server = RawServer()
    server.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    assert server.receive()["error"]["code"] == -32002  # ServerNotInitialized
    server.send({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}}}})
    assert server.receive()["result"]["capabilities"]["positionEncoding"] == "utf-8"
    server.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    assert server.receive() == {"jsonrpc": "2.0", "id": 3, "result": None}
    server.send({"jsonrpc": "2.0", "id": 4, "method": "textDocument/hover", "params": {}})
    assert server.receive()["error"]["code"] == -32600  # InvalidRequest
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.finish() == 0

    without_shutdown = RawServer()
    without_shutdown.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    without_shutdown.receive()
    without_shutdown.send({"jsonrpc": "2.0", "method": "exit"})
    assert without_shutdown.finish() == 1


@pytest.mark.parametrize("params", ["absent", None, {}])
def test_shutdown_and_exit_with_params_absent_null_or_empty(params):
    """LSP4J-based IDEs send "params": null; the server must answer and exit while
    the client still holds its pipe open."""
    extra = {} if params == "absent" else {"params": params}
    server = RawServer()
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    server.receive()
    server.send({"jsonrpc": "2.0", "method": "initialized", **extra})
    server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown", **extra})
    assert server.receive() == {"jsonrpc": "2.0", "id": 2, "result": None}
    server.send({"jsonrpc": "2.0", "method": "exit", **extra})
    assert server.process.wait(timeout=30) == 0
    server.process.stdin.close()


def test_bad_bytes_bad_headers_and_pieces():
    server = RawServer()
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    server.receive()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": SIGNUP}}})
    assert server.receive()["method"] == "textDocument/publishDiagnostics"
    # A didChange whose text is not UTF-8: a ParseError, and the document stays as it was.
    change = b'{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"%s","version":2},"contentChanges":[{"text":"\xff\xfe"}]}}' % URI.encode()
    server.send_bytes(b"Content-Length: %d\r\n\r\n" % len(change) + change)
    error = server.receive()
    assert error["id"] is None and error["error"]["code"] == -32700
    # A header that is no header.
    server.send_bytes(b"Content-Length: lots\r\n\r\n")
    assert server.receive()["error"]["code"] == -32700
    # Not JSON-RPC.
    server.send_bytes(b"Content-Length: 2\r\n\r\n[]")
    assert server.receive()["error"]["code"] == -32600
    # Params that do not fit.
    server.send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {"textDocument": 7}})
    assert server.receive()["error"]["code"] == -32602
    # Two messages in one write, the second in two pieces.
    first = json.dumps({"jsonrpc": "2.0", "id": 6, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": URI}}}).encode()
    second = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {"textDocument": {"uri": URI}, "position": {"line": 900, "character": 0}}}).encode()
    both = b"Content-Length: %d\r\n\r\n" % len(first) + first + b"Content-Length: %d\r\n\r\n" % len(second) + second
    server.send_bytes(both[:-10])
    server.send_bytes(both[-10:])
    symbols = server.receive()
    assert symbols["id"] == 6 and [s["name"] for s in symbols["result"]] == ["account", "newsletter", "plan", "company"]
    assert server.receive() == {"jsonrpc": "2.0", "id": 7, "result": None}
    server.send({"jsonrpc": "2.0", "id": 8, "method": "shutdown"})
    server.receive()
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.finish() == 0


def test_a_burst_of_changes_publishes_the_last_version():
    server = RawServer()
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    server.receive()
    burst = b""
    messages = [{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": SIGNUP}}}]
    for version in range(2, 40):
        messages.append({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": URI, "version": version},
            "contentChanges": [{"text": SIGNUP.replace("title: News", "title: News %d" % version)}]}})
    messages.append({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    for message in messages:
        body = json.dumps(message).encode()
        burst += b"Content-Length: %d\r\n\r\n" % len(body) + body
    server.send_bytes(burst)
    received = [server.receive() for _ in range(2)]
    published = [m for m in received if m.get("method") == "textDocument/publishDiagnostics"]
    # One read took the whole burst: the shutdown's answer, and diagnostics for
    # version 39 only (the versions in between were never analysed).
    assert [m["params"]["version"] for m in published] == [39]
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.finish() == 0


# MARK: - Lists (SPEC §14)

JOBS = """formc: 1
form: JobForm
elements:
  - textField: company
  - list: employers
    title: Previous employers
    elements:
      - boolean: current
        title: Current
      - textField: company
      - date: to
        visibleWhen: not current and isEmpty(company)
"""


@pytest.mark.asyncio
async def test_lists_complete_rename_and_outline_by_entry(client: LanguageClient):
    diagnostics = await open_document(client, JOBS)
    assert diagnostics == []
    # Inside the entry's condition, the entry's fields.
    labels = await completion_labels(client, JOBS, "current and", 3)
    assert "current" in labels
    ident = types.TextDocumentIdentifier(uri=URI)
    # Renaming the entry's `company` changes the entry only, not the form's field of that name.
    position = position_of(JOBS, "isEmpty(company)", 8)
    edit = await client.text_document_rename_async(types.RenameParams(text_document=ident, position=position, new_name="employer"))
    assert sorted(e.range.start.line for e in edit.changes[URI]) == [9, 11]
    # Renaming the form's `company` leaves the entry alone.
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=ident, position=position_of(JOBS, "textField: company", 11), new_name="firm")
    )
    assert [e.range.start.line for e in edit.changes[URI]] == [3]
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=ident))
    assert [s.name for s in symbols] == ["company", "employers"]
    assert symbols[1].kind == types.SymbolKind.Array
    assert [s.name for s in symbols[1].children] == ["current", "company", "to"]
