/**
 * A handler's body sent as it is read rather than held whole: `length` bytes (the Content-Length) from `chunks`.
 * When the chunks end short of it, run over it, or fail, the answer's connection is cut: its head is already out,
 * and a cut body is what tells an HTTP client the download failed.
 */
export class StreamedBody {
  constructor(
    readonly length: number,
    readonly chunks: AsyncIterable<Uint8Array>,
  ) {}
}
