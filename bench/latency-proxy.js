// A latency proxy in its own process: forwards every request to the target after DELAY ms, and counts them.
// GET /__stats answers {"requests": n}; POST /__reset zeroes the count. Prints "listening <url>" when ready.
// Run: node bench/latency-proxy.js <target-url> <delay-ms>
import http from 'node:http';

const [target, delayText] = process.argv.slice(2);
const delay = Number(delayText ?? 0);
const upstream = new URL(target);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let requests = 0;

const server = http.createServer((request, response) => {
  if (request.url === '/__stats') return response.end(JSON.stringify({ requests }));
  if (request.url === '/__reset') {
    requests = 0;
    return response.end('{}');
  }
  requests += 1;
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    setTimeout(() => {
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', (error) => {
        response.writeHead(502);
        response.end(String(error));
      });
      forward.end(Buffer.concat(chunks));
    }, delay);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
