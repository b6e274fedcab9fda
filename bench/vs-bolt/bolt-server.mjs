// A Slack Bolt app as the baseline: HTTP receiver, request signature checked, a no-op message listener, no outbound
// calls (the token is not verified and the bot's ids are given). Prints `READY <port>` once it listens on 127.0.0.1.
import bolt from "@slack/bolt";

const app = new bolt.App({
  token: "xoxb-bench",
  signingSecret: process.env.SLACK_SIGNING_SECRET,
  tokenVerificationEnabled: false,
  // Given, so Bolt does not call auth.test to learn them: the bench makes no outbound calls.
  botId: "B0BENCH",
  botUserId: "U0BOT",
  logLevel: process.env.BOLT_LOG === "debug" ? bolt.LogLevel.DEBUG : bolt.LogLevel.ERROR,
});
app.message(async () => {});
const server = await app.start({ port: 0, host: "127.0.0.1" });
console.log(`READY ${server.address().port}`);
process.on("SIGTERM", () => app.stop().then(() => process.exit(0)));
