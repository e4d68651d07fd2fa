import FormJSON
import Foundation
import Testing
@testable import LanguageServerProtocol

private func framed(_ body: String) -> [UInt8] {
    MessageFramer.frame(Array(body.utf8))
}

@Suite struct FramingTests {
    @Test func aMessageInPieces() {
        var framer = MessageFramer()
        let bytes = framed(#"{"jsonrpc":"2.0","method":"x"}"#)
        for byte in bytes.dropLast() {
            framer.append([byte])
            #expect(framer.next() == nil)
        }
        framer.append([bytes.last!])
        #expect(framer.next() == .message(Array(#"{"jsonrpc":"2.0","method":"x"}"#.utf8)))
        #expect(framer.next() == nil)
        #expect(framer.bufferedCount == 0)
    }

    @Test func severalMessagesInOneRead() {
        var framer = MessageFramer()
        framer.append(framed("[1]") + framed("{}") + Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8) + framed("2"))
        #expect(framer.next() == .message(Array("[1]".utf8)))
        #expect(framer.next() == .message(Array("{}".utf8)))
        #expect(framer.next() == .message(Array("2".utf8)))
        #expect(framer.next() == nil)
    }

    @Test func badHeadersAreDroppedAndReadingGoesOn() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: many\r\n\r\n".utf8) + Array("Nonsense\r\n\r\n".utf8) + Array("X: 1\r\n\r\n".utf8) + framed("{}"))
        guard case .badHeader(let first)? = framer.next() else { Issue.record("no bad header"); return }
        #expect(first.contains("not a length"))
        // What follows, up to the next Content-Length, is no header of a message.
        #expect(framer.next() == .badHeader("20 bytes before a Content-Length header dropped"))
        #expect(framer.next() == .message(Array("{}".utf8)))
        framer.append(Array("Content-Length: 2\r\nNo colon here\r\n\r\n{}".utf8) + framed("[2]"))
        guard case .badHeader(let second)? = framer.next() else { Issue.record("no bad header"); return }
        #expect(second.contains("colon"))
        #expect(framer.next() == .badHeader("2 bytes before a Content-Length header dropped"))
        #expect(framer.next() == .message(Array("[2]".utf8)))
    }

    /// One bad message never costs the ones after it: whatever was wrong with
    /// its header or its length, the next message is read (SPEC §12).
    @Test(arguments: [
        ("no Content-Length", "Content-Type: x\r\n\r\n{}"),
        ("a length one too short", "Content-Length: 6\r\n\r\n[1234]"),
        ("a length that is no number", "Content-Length: abc\r\n\r\n[1234]"),
        ("a line with no colon before the length", "X-Junk\r\nContent-Length: 6\r\n\r\n[1234]"),
        ("bytes on the line before the length", "}}Content-Length: 6\r\n\r\n[1234]"),
        ("stray line breaks", "\r\n\n"),
        ("a header line whose value names Content-Length", "X-Note: see content-length\r\n"),
        ("a bad length, then such a header line", "Content-Length: 5\r\n\r\n[1234]X-Note: content-length\r\n"),
        ("a length cut inside a URI", "Content-Length: 9\r\n\r\n{\"uri\":\"file:///a.yaml\"}"),
        ("a length cut inside YAML text", "Content-Length: 10\r\n\r\n{\"text\":\"form: A\\nformc: 1\"}"),
    ])
    func theMessagesAfterABadOneAreRead(_ label: String, _ bad: String) {
        var framer = MessageFramer()
        framer.append(Array(bad.utf8) + framed("[10]") + framed("[11]"))
        var messages: [[UInt8]] = []
        while let frame = framer.next() {
            if case .message(let body) = frame { messages.append(body) }
        }
        #expect(messages.suffix(2) == [Array("[10]".utf8), Array("[11]".utf8)], "\(label)")
        #expect(framer.bufferedCount == 0)
    }

    /// A length one too long takes the first byte of the next header into its body:
    /// that message is lost (its header no longer reads), the one after it is read.
    @Test func aLengthOneTooLongCostsOneMessage() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 7\r\n\r\n[1234]".utf8) + framed("[10]") + framed("[11]"))
        var messages: [[UInt8]] = []
        while let frame = framer.next() {
            if case .message(let body) = frame { messages.append(body) }
        }
        #expect(messages == [Array("[1234]C".utf8), Array("[11]".utf8)])
    }

    @Test func endlessGarbageIsDropped() {
        var framer = MessageFramer()
        framer.append([UInt8](repeating: 0x41, count: MessageFramer.maxHeaderLength + 10))
        guard case .badHeader? = framer.next() else { Issue.record("garbage kept"); return }
        #expect(framer.bufferedCount == 0)
    }

    @Test func aBodyTooLargeIsDroppedWhole() {
        var framer = MessageFramer()
        let length = MessageFramer.maxBodyLength + 1
        framer.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        guard case .badHeader(let problem)? = framer.next() else { Issue.record("no bad header"); return }
        #expect(problem.contains("more than"))
        // The body arrives in pieces, then a good message.
        var left = length
        while left > 0 {
            let piece = min(left, 1 << 24)
            framer.append([UInt8](repeating: 0x41, count: piece))
            left -= piece
            #expect(framer.next() == nil)
        }
        framer.append(framed("{}"))
        #expect(framer.next() == .message(Array("{}".utf8)))
    }

    @Test func frameWritesTheLength() {
        #expect(String(decoding: framed("é"), as: UTF8.self) == "Content-Length: 2\r\n\r\né")
    }
}

@Suite struct JSONRPCTests {
    private func decode(_ text: String) -> Result<Message, ErrorReply> { Message.decode(Array(text.utf8)) }

    @Test func requestsNotificationsAndResponses() throws {
        #expect(try decode(#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#).get() == .request(id: .number(7), method: "shutdown", params: nil))
        #expect(try decode(#"{"jsonrpc":"2.0","id":"a","method":"m","params":{"x":[1,2.5,true,null]}}"#).get()
            == .request(id: .string("a"), method: "m", params: ["x": [1, .double(2.5), true, nil]]))
        #expect(try decode(#"{"jsonrpc":"2.0","method":"exit"}"#).get() == .notification(method: "exit", params: nil))
        #expect(try decode(#"{"jsonrpc":"2.0","id":1,"result":null}"#).get() == .response(id: .number(1), result: .success(.null)))
        #expect(try decode(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}"#).get()
            == .response(id: .number(1), result: .failure(ResponseError(code: -32601, message: "no"))))
    }

    /// Methods that take no params arrive with them absent, `null` or `{}`: null
    /// reads as absent, and `exit` is delivered whatever its params.
    @Test func paramsAbsentNullOrEmpty() throws {
        for method in ["shutdown", "exit", "initialized"] {
            let absent = try decode(#"{"jsonrpc":"2.0","method":"\#(method)"}"#).get()
            #expect(try decode(#"{"jsonrpc":"2.0","method":"\#(method)","params":null}"#).get() == absent)
            #expect(try decode(#"{"jsonrpc":"2.0","method":"\#(method)","params":{}}"#).get() == .notification(method: method, params: [:]))
            #expect(try decode(#"{"jsonrpc":"2.0","id":4,"method":"\#(method)","params":null}"#).get() == .request(id: .number(4), method: method, params: nil))
        }
        #expect(try decode(#"{"jsonrpc":"2.0","method":"exit","params":3}"#).get() == .notification(method: "exit", params: nil))
        #expect(try decode(#"{"jsonrpc":"2.0","id":3,"method":"exit","params":"x"}"#).get() == .request(id: .number(3), method: "exit", params: nil))
        #expect(decode(#"{"jsonrpc":"2.0","method":"initialized","params":"x"}"#).failureCode == ResponseError.invalidRequestCode)
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"result":null,"params":3}"#).failureCode == ResponseError.invalidRequestCode)
    }

    @Test func errors() {
        #expect(decode("{not json").failureCode == ResponseError.parseErrorCode)
        #expect(decode("[1]").failureCode == ResponseError.invalidRequestCode)
        #expect(decode(#"{"jsonrpc":"1.0","id":1,"method":"m"}"#).failureCode == ResponseError.invalidRequestCode)
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":3}"#).failureCode == ResponseError.invalidRequestCode)
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"m","params":3}"#).failureCode == ResponseError.invalidRequestCode)
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":3}"#).failureID == .number(1))
        #expect(decode(#"{"jsonrpc":"2.0","id":[1],"method":"m"}"#).failureCode == ResponseError.invalidRequestCode)
        #expect(Message.decode([0x7B, 0xFF, 0x7D]).failureCode == ResponseError.parseErrorCode)
    }

    @Test func responsesAreWrittenWithSortedKeys() {
        let response = Message.response(id: .number(1), result: .failure(.methodNotFound("x/y")))
        #expect(String(decoding: response.json.serialized(), as: UTF8.self)
            == #"{"error":{"code":-32601,"message":"method not found: x/y"},"id":1,"jsonrpc":"2.0"}"#)
        #expect(String(decoding: Message.response(id: nil, result: .success(.null)).json.serialized(), as: UTF8.self)
            == #"{"id":null,"jsonrpc":"2.0","result":null}"#)
    }

    @Test func serializedJSONReadsBackAsTheSameValue() throws {
        let value: JSONValue = [
            "text": "quote \" backslash \\ lines \n\r tab \t bell \u{07} 東京 🙂 a/b",
            "list": [1, -2, .double(1.5), true, false, nil, [:], []],
            "nested": ["z": 1, "a": ["b": "c"]],
        ]
        #expect(try JSONValue.parse(value.serialized()) == value)
        let small: JSONValue = ["b": 1, "a": "x/y\u{01}\""]
        #expect(String(decoding: small.serialized(), as: UTF8.self) == #"{"a":"x/y\u0001\"","b":1}"#)
    }

    /// The parser reads what Foundation's decoder reads, to the same value.
    @Test func parsedJSONIsFoundationsValue() throws {
        let text = #"""
         {"a": [0, -12, 1.5, 2e3, -0.25E-2, 12345678901234567890, true, false, null, {}, []],
          "s": "q\" b\\ s\/ \b\f\n\r\t \u00e9 \u6771 \ud83d\ude42 東京 🙂", "": {"nested": {"deep": [[["x"]]]}}}
        """#
        let value = try JSONValue.parse(Array(text.utf8))
        #expect(value == (try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))))
        #expect(value["s"]?.stringValue == "q\" b\\ s/ \u{08}\u{0C}\n\r\t é 東 🙂 東京 🙂")
        #expect(value["a"]?.arrayValue?.prefix(5) == [0, -12, .double(1.5), 2000, .double(-0.0025)])
    }

    @Test func malformedJSONIsAnError() throws {
        let bad = [
            "", " ", "{", "[1,]", "[1 2]", #"{"a" 1}"#, #"{"a":1,}"#, "{1: 2}", "01", "-", "1.", "1e", ".5", "+1", "nul", "true false",
            #""\x""#, #""\ud800""#, #""\ud800\u0041""#, #""\u12G4""#, "\"a\nb\"", "\"open", "1e999",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ]
        for text in bad {
            #expect(throws: JSONParseError.self, "\(text.prefix(20))") { try JSONValue.parse(Array(text.utf8)) }
        }
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }
        // A client's message: a lone surrogate reads as U+FFFD, the escape after it as itself.
        #expect(try JSONValue.parse(Array(#""a\ud83d""#.utf8), replacingLoneSurrogates: true) == "a\u{FFFD}")
        #expect(try JSONValue.parse(Array(#""\ud800\u0041\udc00""#.utf8), replacingLoneSurrogates: true) == "\u{FFFD}A\u{FFFD}")
        #expect(try JSONValue.parse(Array(#""\ud83d\ude42""#.utf8), replacingLoneSurrogates: true) == "🙂")
        #expect(try decode(#"{"jsonrpc":"2.0","method":"m","params":{"text":"x\ud83d"}}"#).get() == .notification(method: "m", params: ["text": "x\u{FFFD}"]))
        #expect(try JSONValue.parse(Array((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8)) != .null)
    }

    @Test func typedParamsRoundTrip() throws {
        let value: JSONValue = ["textDocument": ["uri": "file:///a"], "position": ["line": 3, "character": 4], "newName": "b"]
        let params = try value.decode(RenameParams.self)
        #expect(params.position == Position(line: 3, character: 4))
        #expect(try JSONValue(encoding: params.position) == ["line": 3, "character": 4])
    }
}

extension Result where Success == Message, Failure == ErrorReply {
    var failureCode: Int? {
        if case .failure(let reply) = self { return reply.error.code }
        return nil
    }

    var failureID: RequestID? {
        if case .failure(let reply) = self { return reply.id }
        return nil
    }
}
