import type * as vscode from 'vscode';
import type { ProgressEvent } from '../../../common/protocol';
import type { ServerConnection } from '../server-connection';
import { createProfileService, type ProfileService, type ServerRequester } from './profile-service';

/** The services of profiles over the language client's connection to the server. */
export function serviceOverServer(server: ServerConnection): (profile: string) => ProfileService {
  const requester: ServerRequester = {
    sendRequest: (method, params, token) => server.sendRequest(method, params, token as vscode.CancellationToken),
    // The values of a job's `$/progress` are the server's JobProgress events.
    onJobProgress: (token, listener) => server.onProgress<ProgressEvent>(token, listener),
  };
  return (profile) => createProfileService(profile, requester);
}
