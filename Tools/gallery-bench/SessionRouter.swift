import Foundation
import GalleryCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session's delegate: hands each task's callbacks to that task's `ResponseCollector`.
final class SessionRouter: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var collectors: [Int: ResponseCollector] = [:]

  func add(_ collector: ResponseCollector, for task: URLSessionTask) {
    lock.withLock { collectors[task.taskIdentifier] = collector }
    collector.attach(task)
  }

  private func collector(_ task: URLSessionTask) -> ResponseCollector? {
    lock.withLock { collectors[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let accepted = collector(dataTask)?.accepts(expectedLength: response.expectedContentLength) ?? false
    completionHandler(accepted ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    collector(dataTask)?.receive(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
    totalBytesExpectedToSend: Int64
  ) {
    collector(task)?.sent(totalBytesSent)
  }

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
  ) {
    collector(downloadTask)?.written(total: totalBytesWritten, expected: totalBytesExpectedToWrite)
  }

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
  ) {
    collector(downloadTask)?.downloaded(to: location)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let finished = lock.withLock { collectors.removeValue(forKey: task.taskIdentifier) }
    finished?.complete(response: task.response, error: error)
  }
}
