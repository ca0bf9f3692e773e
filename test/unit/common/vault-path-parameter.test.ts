import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildOperationPath, matchOperation, operations } from '../../../common/api';

describe('a path inside a vault as the last path parameter (List files, Delete file)', () => {
  it('keeps its folders when sent and when matched, each segment encoded', () => {
    const path = buildOperationPath(operations.listVaultFiles.path, { cloud_vault_id: 'v1', name: 'in/2026 11/a?.csv' }, true);
    assert.equal(path, '/api/v2/files/v1/in/2026%2011/a%3F.csv');
    assert.deepEqual(matchOperation('GET', path), { id: 'listVaultFiles', params: { cloud_vault_id: 'v1', name: 'in/2026 11/a?.csv' } });
  });

  it('may be blank: the whole vault', () => {
    assert.deepEqual(matchOperation('GET', '/api/v2/files/v1'), { id: 'listVaultFiles', params: { cloud_vault_id: 'v1', name: '' } });
    assert.deepEqual(matchOperation('GET', '/api/v2/files/v1/'), { id: 'listVaultFiles', params: { cloud_vault_id: 'v1', name: '' } });
  });

  it('takes a prefix with its star for Delete file', () => {
    assert.deepEqual(matchOperation('DELETE', '/api/v2/files/v1/in/*'), { id: 'deleteVaultFile', params: { cloud_vault_id: 'v1', name: 'in/*' } });
  });

  it('fits nothing with a malformed escape, and other paths keep one segment per parameter', () => {
    assert.equal(matchOperation('GET', '/api/v2/files/v1/a%E0%A4%A'), undefined);
    assert.equal(matchOperation('GET', '/api/v2/cloud_vaults/a/b'), undefined);
  });
});
