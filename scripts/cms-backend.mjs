/**
 * The content editor's local backend for `npm run cms` (docs/decisions/0012-local-server-hardening.md):
 * decap-server's file-system API behind a Host check, so a DNS-rebinding page cannot change content/.
 */
import express from "express";
import decapMiddlewares from "decap-server/dist/middlewares.js";
import { hostRefusal, listenHost } from "./local/local-guard.mjs";

const host = listenHost();
const port = Number(process.env.PORT || 8081);
const app = express();
app.use((req, res, next) => {
  const misdirected = hostRefusal(req, host);
  if (!misdirected) return next();
  res.writeHead(misdirected.status, misdirected.headers).end(misdirected.body);
});
await decapMiddlewares.registerLocalFs(app, { logLevel: process.env.LOG_LEVEL || "info" });
app.listen(port, host, () => {
  console.log(`Decap CMS local backend listening on ${host}:${port} (this machine's Host names only)`);
});
