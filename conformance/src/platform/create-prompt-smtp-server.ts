import type { Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { SMTPConnection, type SMTPConnectionOptions } from "smtp-server/lib/smtp-connection.js";

/**
 * An smtp-server that greets at once. smtp-server holds every new connection back 100 ms before its greeting (to
 * catch spam clients that talk before they are greeted), so each `/verify` and `/deliver` of a mail adapter waited
 * 100 ms on the stand-in rather than on the adapter — most of a mail run's time, and noise in its p95 (D170). A
 * loopback stand-in judges adapters, not spam senders, so it greets as soon as the socket is set up; everything
 * after the greeting is smtp-server's own.
 * @example const server = createPromptSmtpServer({ authOptional: true }); server.listen(0, "127.0.0.1");
 */
export function createPromptSmtpServer(options: SMTPServerOptions): SMTPServer {
  return new PromptSmtpServer(options);
}

class PromptConnection extends SMTPConnection {
  // smtp-server's init() arms the 100 ms early-talker timer before connectionReady(); this greets straight away.
  override init(): void {
    this._setListeners(() => this.connectionReady());
  }
}

class PromptSmtpServer extends SMTPServer {
  // Mirrors SMTPServer.connect, with the connection above in place of smtp-server's own.
  override connect(socket: Socket | TLSSocket, socketOptions?: SMTPConnectionOptions | null): void {
    const connection = new PromptConnection(this, socket, socketOptions);
    this.connections.add(connection);
    connection.on("error", (error) => this._onError(error));
    connection.on("connect", (data) => this._onClientConnect(data));
    connection.init();
  }
}
