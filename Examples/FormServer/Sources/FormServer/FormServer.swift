import FormRuntime
import FormServerCore
import Foundation
import Hummingbird

/// `form-server [--host HOST] [--port PORT] [--idle-timeout SECONDS]`: serves
/// `POST /forms/NAME` for the package's forms on HOST:PORT (default 127.0.0.1:8080;
/// port 0 takes a free one). Once listening it prints `listening on HOST:PORT` on
/// standard output; SIGTERM or SIGINT stop it after the requests in flight. A
/// connection that sends nothing for the idle timeout (default 30 seconds: a
/// request left half sent, a client gone quiet) is closed, so that it holds neither
/// a connection nor a shutdown for ever.
@main
struct FormServerCommand {
    static func main() async throws {
        var host = "127.0.0.1"
        var port = 8080
        var idleSeconds: Int64 = 30
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--host":
                guard let value = arguments.popFirst() else { usage("--host needs a value") }
                host = value
            case "--port":
                guard let value = arguments.popFirst(), let number = Int(value), (0...65535).contains(number) else {
                    usage("--port needs a number from 0 to 65535")
                }
                port = number
            case "--idle-timeout":
                guard let value = arguments.popFirst(), let seconds = Int64(value), seconds > 0 else {
                    usage("--idle-timeout needs a whole number of seconds, at least 1")
                }
                idleSeconds = seconds
            default:
                usage("unknown argument '\(argument)'")
            }
        }
        let service = try FormService.bundled()
        let (listenHost, listenPort) = (host, port)
        let app = Application(
            router: makeRouter(service),
            server: .http1(configuration: .init(idleTimeout: .seconds(idleSeconds))),
            configuration: .init(address: .hostname(host, port: port), serverName: "form-server"),
            onServerRunning: { channel in
                let address = channel.localAddress
                let line = "listening on \(address?.ipAddress ?? listenHost):\(address?.port ?? listenPort)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        )
        try await app.runService()
    }

    static func usage(_ message: String) -> Never {
        FileHandle.standardError.write(Data("form-server: \(message)\nusage: form-server [--host HOST] [--port PORT] [--idle-timeout SECONDS]\n".utf8))
        exit(64)
    }
}

/// The routes: `POST /forms/:name`, `GET /problems/:name`, `GET /health`; every
/// error, unknown routes among them, answered as `application/problem+json`.
func makeRouter(_ service: FormService) -> Router<BasicRequestContext> {
    let router = Router()
    router.middlewares.add(ProblemMiddleware { path in
        // The methods of each path something answers, for the methods no route takes there.
        if path == "/health" || Problem.documentation[path] != nil { return "GET, HEAD" }
        if path.hasPrefix("/forms/"), service.formNames.contains(String(path.dropFirst("/forms/".count))) { return "POST" }
        return nil
    })
    // What answers GET answers HEAD too (RFC 9110 §9.3.2), a health check's usual method.
    for method in [HTTPRequest.Method.get, .head] {
        router.on("/health", method: method) { _, _ in "ok\n" }
        router.on("/problems/:name", method: method) { _, context -> Response in
            let path = "/problems/" + (context.parameters.get("name") ?? "")
            guard let text = Problem.documentation[path] else {
                throw HTTPError(.notFound, message: "There is no problem type \(path).")
            }
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
        }
    }
    for method in [HTTPRequest.Method.get, .head, .put, .patch, .delete, .options] {
        router.on("/forms/:name", method: method) { _, context -> Response in
            let name = context.parameters.get("name") ?? ""
            guard service.formNames.contains(name) else {
                throw HTTPError(.notFound, message: "There is no form '\(name)'. Forms: \(service.formNames.joined(separator: ", ")).")
            }
            var response = Response(.problem(.http(405, "Method Not Allowed", detail: "A form takes its values with POST.")))
            response.headers[.allow] = "POST"
            return response
        }
    }
    router.post("/forms/:name") { request, context -> Response in
        let name = context.parameters.get("name") ?? ""
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: FormService.maxBodySize)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            // The client's fault (a body shorter than its Content-Length, a reset),
            // not the server's: a 400, not a 500 logged as an error.
            context.logger.debug("the body could not be read: \(error)")
            throw HTTPError(.badRequest, message: "The body ended before it was complete.")
        }
        let answer = await service.submit(
            form: name,
            body: Data(buffer: buffer),
            contentType: request.headers[.contentType],
            acceptLanguage: request.headers[.acceptLanguage],
            contentEncoding: request.headers[.contentEncoding]
        )
        return Response(answer)
    }
    return router
}

extension Response {
    init(_ answer: FormResponse) {
        var headers: HTTPFields = [.contentType: answer.contentType]
        if let language = answer.contentLanguage {
            // The answer was chosen by the request's Accept-Language (RFC 9110 §12.5.5).
            headers[.contentLanguage] = language
            headers[.vary] = "Accept-Language"
        }
        // RFC 9110's name for 413, as the problem's title has it.
        let status: HTTPResponse.Status = answer.status == 413
            ? .init(code: 413, reasonPhrase: "Content Too Large") : .init(code: answer.status)
        self.init(status: status, headers: headers,
                  body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}

/// Turns every error below it into an RFC 9457 problem: an `HTTPError` or a body
/// over the limit keeps its status, with the reason phrase as the title; anything
/// else, which no request should reach, is a 500 that says nothing internal. A
/// method no route takes at a path that something answers (`POST /health`,
/// `TRACE /forms/signup`) is `405` with `Allow` (RFC 9110 §15.5.6), not `404`.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The methods `path` takes, for `Allow`; nil where nothing answers.
    let allowed: @Sendable (String) -> String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            // No route took the request: a path something answers did not take its method.
            guard let methods = allowed(request.uri.path) else {
                return Response(.problem(.http(404, error.status.reasonPhrase, detail: Self.detail(error.status, request))))
            }
            var response = Response(.problem(.http(405, "Method Not Allowed", detail: Self.detail(.methodNotAllowed, request))))
            response.headers[.allow] = methods
            return response
        } catch let error as HTTPError {
            let detail = error.body ?? Self.detail(error.status, request)
            return Response(.problem(.http(error.status.code, error.status.reasonPhrase, detail: detail)))
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return Response(.problem(FormService.tooLarge))
        } catch let error as any HTTPResponseError {
            return Response(.problem(.http(error.status.code, error.status.reasonPhrase, detail: Self.detail(error.status, request))))
        } catch {
            context.logger.error("unexpected error: \(error)")
            return Response(.problem(.http(500, "Internal Server Error", detail: "The server failed; the request was not stored.")))
        }
    }

    static func detail(_ status: HTTPResponse.Status, _ request: Request) -> String {
        switch status.code {
        case 404: "Nothing answers \(request.method) \(request.uri.path). Submit a form with POST /forms/NAME."
        case 405: "\(request.uri.path) does not take \(request.method)."
        default: status.reasonPhrase
        }
    }
}
