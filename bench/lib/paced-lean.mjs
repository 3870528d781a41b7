// paced.mjs's `lean` transport: keep-alive sockets, requests written as prepared bytes, answers
// read by a minimal HTTP/1.1 parser (status line, Content-Length or chunked body). node:http
// costs the sender about 0.15 ms of CPU per request; on a two-core machine a sender of
// thousands of requests a second takes a good share of the cores from the server it measures.
import net from 'node:net';

/** The request line and headers (and body) of request `r` as bytes, Host and length included. */
export function requestBytes(target, r, extraHeaders) {
  const body = r.body ?? undefined;
  const headers = {
    host: target.host,
    connection: 'keep-alive',
    ...r.headers,
    ...extraHeaders,
    ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  };
  let head = `${r.method ?? 'GET'} ${r.path ?? target.pathname + target.search} HTTP/1.1\r\n`;
  for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
  head += '\r\n';
  return body === undefined ? Buffer.from(head, 'latin1') : Buffer.from(head + body, 'utf8');
}

const CRLF2 = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const EMPTY = Buffer.alloc(0);

/**
 * Reads one connection's answers; `onAnswer(status)` per complete response. Returns the data
 * handler.
 */
function responseReader(onAnswer) {
  let buf = EMPTY;
  let status = 0;
  /** Body bytes still to skip (Content-Length), -1 when chunked, undefined between responses. */
  let need;
  return (data) => {
    buf = buf.length ? Buffer.concat([buf, data]) : data;
    for (;;) {
      if (need === undefined) {
        const end = buf.indexOf(CRLF2);
        if (end < 0) return;
        const head = buf.toString('latin1', 0, end);
        status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (length) need = Number(length[1]);
        else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) need = -1;
        else need = 0; // 204, 304: no body
        buf = buf.subarray(end + 4);
      }
      if (need >= 0) {
        // Skipped as it arrives: a page's body is never copied.
        if (buf.length < need) {
          need -= buf.length;
          buf = EMPTY;
          return;
        }
        buf = buf.subarray(need);
      } else {
        // Chunked: size line, data, CRLF; a zero size ends it (no trailers from our server).
        let at = 0;
        for (;;) {
          const eol = buf.indexOf(CRLF, at);
          if (eol < 0) return;
          const size = parseInt(buf.toString('latin1', at, eol), 16);
          if (buf.length < eol + 2 + size + 2) return;
          at = eol + 2 + size + 2;
          if (size === 0) break;
        }
        buf = buf.subarray(at);
      }
      need = undefined;
      onAnswer(status);
    }
  };
}

/**
 * A pool of `connections` sockets to `target`. `send(bytes, onDone)` writes on an idle socket or
 * queues until one is free; `onDone(status)` gets the answer's status, or 0 on a socket error.
 */
export function leanPool(target, connections) {
  const idle = [];
  const queue = [];
  const port = Number(target.port || 80);
  const open = () => {
    const c = { job: undefined };
    c.sock = net.connect({ host: target.hostname, port, noDelay: true });
    const read = responseReader((status) => {
      const job = c.job;
      c.job = undefined;
      job.onDone(status); // first: its latency ends here
      next(c);
    });
    c.sock.on('data', read);
    c.sock.on('connect', () => next(c));
    c.sock.on('error', () => {});
    c.sock.on('close', () => {
      const i = idle.indexOf(c);
      if (i >= 0) idle.splice(i, 1);
      const job = c.job;
      c.job = undefined;
      if (!closed) open();
      job?.onDone(0);
    });
  };
  const next = (c) => {
    const job = queue.shift();
    if (!job) return void idle.push(c);
    c.job = job;
    c.sock.write(job.bytes);
  };
  let closed = false;
  for (let i = 0; i < connections; i++) open();
  return {
    send(bytes, onDone) {
      const job = { bytes, onDone };
      const c = idle.pop();
      if (!c) return void queue.push(job);
      c.job = job;
      c.sock.write(bytes);
    },
    close() {
      closed = true;
      for (const c of idle) c.sock.destroy();
    },
  };
}
