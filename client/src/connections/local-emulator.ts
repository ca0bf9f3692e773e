import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { DEMO_PROFILE_ARG, EMULATOR_PROFILE, sharedEmulatorUrl, type EmulatorDemoProfile } from './emulator-profile';
import { ENVIRONMENT_PROFILE } from './profile-store';
import { launchEmulatorProcess, type EmulatorProcess } from './emulator-process';

/** Set while the emulator this window started is running (package.json menus use it). */
const RUNNING_CONTEXT_KEY = 'iql.emulatorRunning';

/**
 * The local emulator this window runs: the bundled CLI's `emulator` command as a child process
 * of the editor's own Node, on a free loopback port. Once it is ready, the profile
 * "Local emulator" points at it with the demo key the emulator announced (kept in secret
 * storage). Its output goes to the "IQL Emulator" log, demo keys hidden. Disposing the object stops the process, so that it never
 * outlives the window.
 *
 * Starting it is allowed in an untrusted workspace: it is the extension's own program, not the
 * workspace's. Calls to it stay blocked there like any other service call.
 */
export class LocalEmulator implements vscode.Disposable {
  private readonly output = vscode.window.createOutputChannel('IQL Emulator', { log: true });
  private running: EmulatorProcess | undefined;
  private starting: Promise<string | undefined> | undefined;
  /** The process that is being stopped on purpose: its exit is not news. */
  private stopping: EmulatorProcess | undefined;
  private disposed = false;

  constructor(private readonly services: ExtensionServices) {}

  /** The emulator's base URL while it runs. */
  get url(): string | undefined {
    return this.running?.url;
  }

  /**
   * Starts the emulator unless one runs already for this window — its own, or the one `npm start`
   * runs, which the profile 'environment' uses — and resolves with its URL; undefined when it
   * could not start, after a warning that carries its error output. Never rejects.
   */
  start(): Promise<string | undefined> {
    if (this.running) {
      this.services.log.info(`The local emulator is already running at ${this.running.url}.`);
      void vscode.window.showInformationMessage(`The local emulator is already running at ${this.running.url}.`);
      return Promise.resolve(this.running.url);
    }
    this.starting ??= this.reuseShared()
      .then((shared) => shared ?? this.launch())
      .finally(() => {
        this.starting = undefined;
      });
    return this.starting;
  }

  /**
   * The URL of the emulator `npm start` runs for this editor, when it still answers: one emulator,
   * one profile, instead of a second emulator and profile beside it. Undefined otherwise.
   */
  private async reuseShared(): Promise<string | undefined> {
    const url = sharedEmulatorUrl(process.env);
    if (url === undefined) return undefined;
    const service = await this.services.service.forProfile(ENVIRONMENT_PROFILE);
    const answer = service.ok ? await service.value.call('checkHealth', {}) : service;
    if (!answer.ok) {
      this.output.info(`The emulator npm start ran at ${url} does not answer (${answer.error.message}); starting one for this window.`);
      return undefined;
    }
    const message = `The local emulator that npm start runs is already serving this window at ${url}; the profile '${ENVIRONMENT_PROFILE}' uses it, so no second one is started.`;
    this.output.info(message);
    const openExample = 'Open Example Query';
    void vscode.window.showInformationMessage(message, openExample).then((choice) => {
      if (choice === openExample) void vscode.commands.executeCommand('iql.walkthrough.openExample');
    });
    return url;
  }

  /** Stops the emulator and resolves once it has ended; false when none was running. */
  async stop(): Promise<boolean> {
    const current = this.running;
    if (!current) {
      void vscode.window.showInformationMessage('The local emulator is not running.');
      return false;
    }
    this.stopping = current;
    current.stop();
    await current.exited;
    void vscode.window.showInformationMessage('The local emulator stopped.');
    return true;
  }

  dispose(): void {
    this.disposed = true;
    if (this.running) {
      this.stopping = this.running;
      this.running.stop();
    }
    this.output.dispose();
  }

  private async launch(): Promise<string | undefined> {
    const cli = this.services.context.asAbsolutePath('dist/cli.js');
    if (!existsSync(cli)) {
      return this.fail(`The bundled IQL command line is missing (${cli}). Build the extension with "npm run build", then try again.`);
    }
    // The workspace's folders stand for the remote file sources of data supply: a folder of
    // the workspace is an object-store bucket, so "Publish a Dataset from Files…" can import it.
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    const sources = workspace?.scheme === 'file' ? ['--sources', workspace.fsPath] : [];
    const args = [cli, 'emulator', '--port', '0', '--host', '127.0.0.1', '--until-stdin-closes', DEMO_PROFILE_ARG, ...sources];
    this.output.info(`Starting the local emulator: ${args.join(' ')}`);
    const launched = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Starting the local emulator…' },
      () =>
        launchEmulatorProcess({
          command: process.execPath,
          args,
          // In the desktop editor process.execPath is Electron: this makes it behave as Node.
          env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
          onOutput: (line, stream) => {
            if (this.disposed) return;
            if (stream === 'stderr' && /internal error/i.test(line)) this.output.error(line);
            else this.output.info(line);
          },
        }),
    );
    if (!launched.ok) return this.fail(launched.message);
    if (this.disposed) {
      launched.process.stop();
      return undefined;
    }

    const emulator = launched.process;
    const demo = emulator.demoProfile;
    if (demo === undefined) {
      // Only a CLI from another build would leave it out: without the key the profile is useless.
      emulator.stop();
      return this.fail(`The local emulator (${cli}) did not say which demo user to sign in as. Rebuild the extension with "npm run build", then try again.`);
    }
    this.running = emulator;
    void vscode.commands.executeCommand('setContext', RUNNING_CONTEXT_KEY, true);
    void emulator.exited.then((exit) => this.onExit(emulator, exit.code, exit.signal));
    this.output.info(`The local emulator is ready at ${emulator.url}.`);

    try {
      await this.saveProfile(emulator.url, demo);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.output.error(`Could not save the profile '${EMULATOR_PROFILE}': ${reason}`);
      void vscode.window.showWarningMessage(`The local emulator runs at ${emulator.url}, but the profile '${EMULATOR_PROFILE}' could not be saved: ${reason}`);
      return emulator.url;
    }
    this.announce(emulator.url, demo.displayName);
    return emulator.url;
  }

  /** Points "Local emulator" at `url` with the demo user's key, and makes it the default if there is none. */
  private async saveProfile(url: string, demo: EmulatorDemoProfile): Promise<void> {
    const profiles = this.services.profiles;
    const hadDefault = profiles.defaultProfile() !== undefined;
    await profiles.saveProfile({ name: EMULATOR_PROFILE, baseUrl: url });
    await profiles.setApiKey(EMULATOR_PROFILE, demo.apiKey);
    if (!hadDefault) await profiles.setDefaultProfile(EMULATOR_PROFILE);
  }

  /** One calm notification; not awaited, since it may never be answered. */
  private announce(url: string, userName: string): void {
    const untrusted = this.services.profiles.serviceAllowed()
      ? ''
      : ' This workspace is not trusted, so no query reaches it until you trust the workspace.';
    const message = `The local emulator is running at ${url} with a demo clean room; the profile '${EMULATOR_PROFILE}' signs in as ${userName}.${untrusted}`;
    const openExample = 'Open Example Query';
    const showLog = 'Show Log';
    void vscode.window.showInformationMessage(message, openExample, showLog).then((choice) => {
      if (choice === openExample) void vscode.commands.executeCommand('iql.walkthrough.openExample');
      if (choice === showLog) this.output.show(true);
    });
  }

  private onExit(emulator: EmulatorProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.running === emulator) this.running = undefined;
    const expected = this.stopping === emulator;
    if (expected) this.stopping = undefined;
    if (this.disposed) return;
    void vscode.commands.executeCommand('setContext', RUNNING_CONTEXT_KEY, false);
    const how = signal ? `was stopped by ${signal}` : `exited with code ${code ?? 'unknown'}`;
    if (expected) {
      this.output.info(`The local emulator stopped (${how}).`);
      return;
    }
    this.output.error(`The local emulator ${how} unexpectedly.`);
    const startAgain = 'Start Again';
    const showLog = 'Show Log';
    void vscode.window
      .showWarningMessage(`The local emulator ${how} unexpectedly; files that use the profile '${EMULATOR_PROFILE}' now work offline.`, startAgain, showLog)
      .then((choice) => {
        if (choice === startAgain) void this.start();
        if (choice === showLog) this.output.show(true);
      });
  }

  private fail(message: string): undefined {
    if (this.disposed) return undefined;
    this.output.error(message);
    const showLog = 'Show Log';
    void vscode.window.showWarningMessage(message, showLog).then((choice) => {
      if (choice === showLog) this.output.show(true);
    });
    return undefined;
  }
}
