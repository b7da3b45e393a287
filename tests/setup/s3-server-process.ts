/**
 * The S3 server of the tests in a process of its own (see s3-server.ts): `node --openssl-legacy-provider
 * tests/setup/s3-server-process.ts DIRECTORY BUCKET`. Tells its parent the port it listens on, over the
 * IPC channel, and exits when the parent goes away (a test runner that dies leaves no server behind).
 */
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket || !process.send) throw new Error("usage: a child process with IPC, given DIRECTORY and BUCKET");

const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await server.run();
process.send({ port });
process.on("disconnect", () => process.exit(0));
