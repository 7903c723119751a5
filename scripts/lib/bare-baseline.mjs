// The stack's limit for the catalogue read: bare node:http + better-sqlite3 (read-only) serving
// the same rows as GET /rest/v1/sessions?select=*&order=id.desc&limit=10, with nothing else.
// Run as a child of scripts/bench-server.mjs: node bare-baseline.mjs <db file> <port>
import http from 'node:http';
import Database from 'better-sqlite3';

const [dbFile, port] = process.argv.slice(2);
const db = new Database(dbFile, { readonly: true, fileMustExist: true });
const newest = db.prepare('SELECT * FROM sessions ORDER BY id DESC LIMIT 10');
// The JSON columns are sent as JSON, as PostgREST does, so both answers carry the same rows.
const JSON_COLUMNS = ['category', 'moods', 'intentions', 'musicians'];
const rows = () =>
  newest.all().map((row) => {
    for (const c of JSON_COLUMNS) row[c] = JSON.parse(row[c]);
    return row;
  });
http
  .createServer((req, res) => {
    const body = JSON.stringify(rows());
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
