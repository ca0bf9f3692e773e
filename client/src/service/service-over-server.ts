import type * as vscode from 'vscode';
import { ProgressType, type LanguageClient } from 'vscode-languageclient/node';
import type { ProgressEvent } from '../../../common/protocol';
import { createProfileService, type ProfileService, type ServerRequester } from './profile-service';

/** The `$/progress` values of a job (the server's JobProgress). */
const JobProgress = new ProgressType<ProgressEvent>();

/** The services of profiles over the language client's connection to the server. */
export function serviceOverServer(server: LanguageClient): (profile: string) => ProfileService {
  const requester: ServerRequester = {
    sendRequest: (method, params, token) => server.sendRequest(method, params, token as vscode.CancellationToken),
    onJobProgress: (token, listener) => server.onProgress(JobProgress, token, listener),
  };
  return (profile) => createProfileService(profile, requester);
}
