// Test helper: a stand-in for XMLHttpRequest that records what was sent and lets a test drive the upload's
// progress events and the answer.
type Handler = ((event: ProgressEvent) => void) | null;

export class FakeXhr {
  static last: FakeXhr | undefined;
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  aborted = false;
  upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  constructor() {
    FakeXhr.last = this;
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  /** The store's answer's headers (an S3 part's ETag). */
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }
  /** The browser reports upload progress. */
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }
  /** The store answers with an HTTP status. */
  respond(status: number) {
    this.status = status;
    this.onload?.(new ProgressEvent('load'));
  }
  /** The connection fails. */
  fail() {
    this.onerror?.(new ProgressEvent('error'));
  }
  static reset() {
    FakeXhr.last = undefined;
    FakeXhr.all = [];
  }
}
