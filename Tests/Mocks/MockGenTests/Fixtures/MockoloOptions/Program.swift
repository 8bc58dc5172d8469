@main
struct Program {
    static func main() {
        let uploader = UploaderMock()
        // The parent's members come from its mock, so its names are the parent module's.
        uploader.sendHandler = { data in data.count == 2 }
        precondition(uploader.send([1, 2]) && uploader.sendCallCount == 1)
        uploader.retries = 3
        precondition(uploader.retriesSetCallCount == 1)
        // The child's overload of `send` takes the next name, as mockolo names it.
        uploader.sendDataHandler = { _, host in host == "example.org" }
        precondition(uploader.send([1], to: "example.org") && uploader.sendDataCallCount == 1)

        // --use-template-func: each body is one mockFunc call, with the same behaviour.
        uploader.cancel()
        precondition(uploader.cancelCallCount == 1 && uploader.progress(of: 1) == 0.0)
        uploader.progressHandler = { id in Double(id) / 2 }
        precondition(uploader.progress(of: 3) == 1.5 && uploader.progressCallCount == 2)

        // --allow-set-call-count: counters can be reset, plain and locked alike (the
        // parent's members stay as its module wrote them).
        uploader.cancelCallCount = 0
        precondition(uploader.cancelCallCount == 0)
        let clock = ClockMock()
        _ = clock.now()
        clock.nowCallCount = 0
        precondition(clock.nowCallCount == 0)
        print("all checks passed")
    }
}
