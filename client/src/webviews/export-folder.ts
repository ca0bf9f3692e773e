/**
 * Where a save dialog of the panels starts: the user's Downloads folder (else the home folder),
 * then the folder of the last export — never the workspace, whose files a result does not
 * belong with (and which may be under version control).
 */
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

export class ExportFolder {
  private last: vscode.Uri | undefined;

  /** The address the dialog proposes for a file called `name`. */
  defaultUri(name: string): vscode.Uri {
    return vscode.Uri.joinPath(this.last ?? startFolder(), name);
  }

  /** Remembers the folder of a file just written, for the next dialog. */
  remember(written: vscode.Uri): void {
    this.last = vscode.Uri.joinPath(written, '..');
  }
}

function startFolder(): vscode.Uri {
  const home = os.homedir();
  const downloads = path.join(home, 'Downloads');
  return vscode.Uri.file(existsSync(downloads) ? downloads : home);
}
