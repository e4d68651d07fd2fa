import FormJSON

/// JSON-RPC 2.0, as LSP uses it: requests (with an id) and notifications (without)
/// from the client, responses from the server.

/// A request's id: a number or a string (JSON-RPC allows both; `null` only in an
/// error response to a message whose id could not be read).
public enum RequestID: Sendable, Hashable, Codable, CustomStringConvertible {
    case number(Int)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        }
    }

    public var json: JSONValue {
        switch self {
        case .number(let number): .integer(number)
        case .string(let string): .string(string)
        }
    }

    public var description: String {
        switch self {
        case .number(let number): String(number)
        case .string(let string): "\"\(string)\""
        }
    }
}

/// A JSON-RPC error object.
public struct ResponseError: Error, Sendable, Hashable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    // JSON-RPC's own codes.
    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    // LSP's codes.
    public static let serverNotInitializedCode = -32002
    public static let requestFailedCode = -32803
    public static let contentModifiedCode = -32801

    public static func parseError(_ message: String) -> ResponseError { ResponseError(code: parseErrorCode, message: message) }
    public static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: invalidRequestCode, message: message) }
    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: methodNotFoundCode, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParamsCode, message: message) }
    public static let serverNotInitialized = ResponseError(code: serverNotInitializedCode, message: "the server is not initialized")
    public static func requestFailed(_ message: String) -> ResponseError { ResponseError(code: requestFailedCode, message: message) }
    public static let contentModified = ResponseError(code: contentModifiedCode, message: "the document changed")

    var json: JSONValue {
        var members: [(String, JSONValue)] = [("code", .integer(code)), ("message", .string(message))]
        if let data { members.append(("data", data)) }
        return .object(members)
    }
}

/// One JSON-RPC message.
public enum Message: Sendable, Hashable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    /// A response; `id` is nil only for an error about a message whose id is unknown.
    case response(id: RequestID?, result: Result<JSONValue, ResponseError>)

    /// Reads a message body. A body that is not JSON is a ParseError; JSON that is
    /// not a request, notification or response is an InvalidRequest, with the
    /// request's id when one could be read.
    public static func decode(_ body: [UInt8]) -> Result<Message, ErrorReply> {
        let value: JSONValue
        do {
            value = try JSONValue.parse(body, replacingLoneSurrogates: true)
        } catch {
            return .failure(ErrorReply(id: nil, error: .parseError("the message is not JSON")))
        }
        guard case .object = value else {
            return .failure(ErrorReply(id: nil, error: .invalidRequest("a message is a JSON object")))
        }
        let id: RequestID?
        switch value["id"] {
        case nil, .null?: id = nil
        case .integer(let number)?: id = .number(number)
        case .string(let string)?: id = .string(string)
        default: return .failure(ErrorReply(id: nil, error: .invalidRequest("an id is a number or a string")))
        }
        guard value["jsonrpc"] == "2.0" else {
            return .failure(ErrorReply(id: id, error: .invalidRequest("the message's jsonrpc is not \"2.0\"")))
        }
        // `"params": null` is read as no params: clients send absent, null and `{}`
        // alike for the methods that take none (`shutdown`, `exit`, `initialized`).
        var params = value["params"]
        var paramsAreValid = true
        switch params {
        case nil, .object?, .array?: break
        case .null?: params = nil
        default: paramsAreValid = false
        }
        if let method = value["method"] {
            guard let name = method.stringValue else {
                return .failure(ErrorReply(id: id, error: .invalidRequest("a method is a string")))
            }
            guard paramsAreValid else {
                // `exit` ends the server whatever its params, as a notification or
                // (wrongly) a request: a client closing down must never leave a
                // process behind.
                if name == "exit" {
                    if let id { return .success(.request(id: id, method: name, params: nil)) }
                    return .success(.notification(method: name, params: nil))
                }
                return .failure(ErrorReply(id: id, error: .invalidRequest("params are an object or an array")))
            }
            if let id { return .success(.request(id: id, method: name, params: params)) }
            return .success(.notification(method: name, params: params))
        }
        guard paramsAreValid else {
            return .failure(ErrorReply(id: id, error: .invalidRequest("params are an object or an array")))
        }
        if let result = value["result"] {
            return .success(.response(id: id, result: .success(result)))
        }
        if let error = value["error"], case .integer(let code)? = error["code"] {
            let message = error["message"]?.stringValue ?? ""
            return .success(.response(id: id, result: .failure(ResponseError(code: code, message: message, data: error["data"]))))
        }
        return .failure(ErrorReply(id: id, error: .invalidRequest("a message has a method, a result or an error")))
    }

    /// The message as JSON.
    public var json: JSONValue {
        // The keys in any order: `serialized()` sorts them.
        var members: [(String, JSONValue)] = [("jsonrpc", "2.0")]
        switch self {
        case .request(let id, let method, let params):
            members.append(("id", id.json))
            members.append(("method", .string(method)))
            if let params { members.append(("params", params)) }
        case .notification(let method, let params):
            members.append(("method", .string(method)))
            if let params { members.append(("params", params)) }
        case .response(let id, let result):
            members.append(("id", id?.json ?? .null))
            switch result {
            case .success(let value): members.append(("result", value))
            case .failure(let error): members.append(("error", error.json))
            }
        }
        return .object(members)
    }

    /// The message framed for the wire.
    public var framed: [UInt8] { MessageFramer.frame(json.serialized()) }
}

/// An error response to a message that could not be read as a request.
public struct ErrorReply: Error, Sendable, Hashable {
    public var id: RequestID?
    public var error: ResponseError

    public init(id: RequestID?, error: ResponseError) {
        self.id = id
        self.error = error
    }

    public var message: Message { .response(id: id, result: .failure(error)) }
}
