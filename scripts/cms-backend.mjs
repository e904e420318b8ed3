/**
 * The content editor's local backend for `npm run cms` (docs/requirements.md#content-editing; decision
 * docs/decisions/0012-local-server-hardening.md): decap-server's file-system API (reads and WRITES
 * the files under content/), mounted on our own Express app so that a Host check runs first.
 * decap-server alone only limits CORS origins, and a page whose domain an attacker re-points to
 * 127.0.0.1 (DNS rebinding) is same-origin to it: with the check, that page gets 421 and cannot
 * read or change content/.
 *
 * Environment: PORT (default 8081, where the editor looks for its local backend), HOST (listen
 * address, default 127.0.0.1), LOG_LEVEL (decap-server's, default "info").
 * Uses decap-server's documented middleware entry (`decap-server/dist/middlewares`:
 * registerLocalFs); the repository folder is the working directory, as with `decap-server`.
 */
import express from "express";
import decapMiddlewares from "decap-server/dist/middlewares.js";
import { isAllowedHost, listenHost, misdirectedRequest } from "./local/host-check.mjs";

const host = listenHost();
const port = Number(process.env.PORT || 8081);
const app = express();
app.use((req, res, next) => {
  if (isAllowedHost(req.headers.host, host)) return next();
  const { status, headers, body } = misdirectedRequest();
  res.writeHead(status, headers).end(body);
});
await decapMiddlewares.registerLocalFs(app, { logLevel: process.env.LOG_LEVEL || "info" });
app.listen(port, host, () => {
  console.log(`Decap CMS local backend listening on ${host}:${port} (this machine's Host names only)`);
});
