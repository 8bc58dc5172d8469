@main
struct Program {
    static func main() {
        let feed = FeedMock()
        feed.countSubject.value = 3
        precondition(feed.count.latest() == 3)
        feed.eventsSubject.send("ready")
        precondition(feed.events.latest() == "ready")
        feed.name = "news"
        precondition(feed.title.latest() == "news" && feed.nameSetCallCount == 1)

        let status = StatusMock()
        precondition(status.isOnline === status.isOnlineSubject && status.isOnlineSubject.value == false)
        let online = BehaviorSubject<Bool>(value: true)
        status.isOnline = online
        precondition(status.isOnlineSubject === online && status.isOnlineSubjectSetCallCount == 1)
        let other = Observable<Int>()
        status.ticks = other
        precondition(status.ticks === other && status.ticksSubjectSetCallCount == 1)
        precondition(status.messages === status.messagesSubject)

        let stream = StreamMock()
        precondition(stream.values === stream.valuesSubject)
        let replay = ReplaySubject<Double>.create(bufferSize: 1)
        stream.values = replay
        precondition(stream.values === replay && stream.valuesSubjectSetCallCount == 1)
        print("all checks passed")
    }
}
