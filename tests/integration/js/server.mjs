// Starts the real monotable binary for the JavaScript SDK tests, as conftest.py does for
// pytest: $MONOTABLE_BIN (or <repo>/build/monotable), --in-memory, a free loopback
// port, ready once `GET /` answers 200.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { CreateTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBStreamsClient } from "@aws-sdk/client-dynamodb-streams";

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
const PORT_ATTEMPTS = 3;

function defaultBinary() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, "../../../build/monotable");
}

// A loopback port that was free a moment ago; the server may still lose a race for
// it, which is why startServer retries with another port.
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// HTTP status of GET / on the server, or null when nothing answers yet.
function healthStatus(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/", timeout: 500 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(null));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class ServerProcess {
  constructor(binary, port, extraArgs = []) {
    this.port = port;
    this.endpoint = `http://127.0.0.1:${port}`;
    this.stderr = "";
    this.exitCode = null;
    this.child = spawn(binary, ["--port", String(port), "--in-memory", ...extraArgs], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    this.exited = new Promise((resolve) => {
      this.child.once("exit", (code, signal) => {
        this.exitCode = code ?? signal;
        resolve();
      });
      // A binary that cannot be started emits "error" and never "exit".
      this.child.once("error", (error) => {
        this.stderr += `spawn ${binary}: ${error.message}\n`;
        this.exitCode = "spawn failed";
        resolve();
      });
    });
    this.child.stderr.on("data", (chunk) => {
      this.stderr = (this.stderr + chunk).slice(-8000);
    });
  }

  get running() {
    return this.exitCode === null;
  }

  // Resolves once GET / answers 200; rejects if the process exits or the timeout passes.
  async waitReady() {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!this.running) {
        throw new Error(`monotable exited (${this.exitCode}) during startup:\n${this.stderr}`);
      }
      if ((await healthStatus(this.port)) === 200) return;
      await sleep(50);
    }
    await this.stop();
    throw new Error(`monotable did not answer GET / within ${START_TIMEOUT_MS} ms:\n${this.stderr}`);
  }

  // SIGTERM, then SIGKILL if it has not exited in time.
  async stop() {
    if (!this.running) return;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }
}

// `extraArgs`: more command-line flags (e.g. ["--throughput", "enforce"]).
export async function startServer(
  binary = process.env.MONOTABLE_BIN || defaultBinary(),
  extraArgs = [],
) {
  let lastError;
  for (let attempt = 0; attempt < PORT_ATTEMPTS; ++attempt) {
    const server = new ServerProcess(binary, await freePort(), extraArgs);
    try {
      await server.waitReady();
      return server;
    } catch (error) {
      lastError = error;
      // Only a process that exited (e.g. lost the port race) is worth another try.
      if (server.running) break;
    }
  }
  throw lastError;
}

// A low-level client for `server`, with fixed test credentials and no retries, so
// every request reaches the server exactly once.
// `options` are more DynamoDBClient settings (e.g. {maxAttempts: undefined} for the SDK's
// default retries).
export function clientFor(server, options = {}) {
  return new DynamoDBClient({
    endpoint: server.endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "AKIDJSTEST", secretAccessKey: "secret" },
    maxAttempts: 1,
    ...options,
  });
}

// A DynamoDB Streams client for `server`, with the same credentials and no retries.
export function streamsClientFor(server) {
  return new DynamoDBStreamsClient({
    endpoint: server.endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "AKIDJSTEST", secretAccessKey: "secret" },
    maxAttempts: 1,
  });
}

// Creates table `TableName` keyed by the string attributes `hash` and `range` (none when
// null), on demand unless `more` says otherwise; `more` adds CreateTable members
// (StreamSpecification, ProvisionedThroughput, ...). Returns CreateTable's answer.
export function createTable(client, TableName, { hash = "PK", range = "SK", ...more } = {}) {
  const keys = [[hash, "HASH"], ...(range ? [[range, "RANGE"]] : [])];
  return client.send(
    new CreateTableCommand({
      TableName,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: keys.map(([AttributeName]) => ({ AttributeName, AttributeType: "S" })),
      KeySchema: keys.map(([AttributeName, KeyType]) => ({ AttributeName, KeyType })),
      ...more,
    }),
  );
}

// Awaits a call whose failure the test expects; returns the error it threw, and fails the
// test when it succeeds.
export async function expectRejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail("the request succeeded but should have failed");
}
