import { DEFAULT_ISSUE_LIST_QUERY, issueContracts, readIssueListQuery } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { contractUrl } from '../../api/client';
import { defaultExportFileName, fileNameFromDisposition, issueExportQuery } from './export-helpers';

const fromUrl = (search: string) => readIssueListQuery(new URLSearchParams(search));

describe('issueExportQuery', () => {
  it('sends the list filters without page, page size and density, with the format', () => {
    const query = fromUrl(
      'page=3&paginate_by=40&density=compact&issue_state=archived&assignees=4,0&workspaces=2&include_sub_ws=1&search=pipe&sort_by=title&sort_direction=asc',
    );
    expect(issueExportQuery(query, 'csv')).toEqual({
      issue_state: 'archived',
      assignees: '4,0',
      workspaces: '2',
      include_sub_ws: '1',
      search: 'pipe',
      sort_by: 'title',
      sort_direction: 'asc',
      format: 'csv',
    });
  });

  it('the default list is just the format', () => {
    expect(issueExportQuery(DEFAULT_ISSUE_LIST_QUERY, 'xlsx')).toEqual({ format: 'xlsx' });
  });

  it('a selection replaces the ids of the URL; the URL ids go along otherwise', () => {
    const query = fromUrl('ids=1,2&issue_state=all');
    expect(issueExportQuery(query, 'json')).toEqual({ issue_state: 'all', ids: '1,2', format: 'json' });
    expect(issueExportQuery(query, 'xml', [7, 9])).toEqual({ issue_state: 'all', ids: '7,9', format: 'xml' });
  });

  it('escapes search text in the URL of the call', () => {
    const url = contractUrl(issueContracts.export, {
      query: issueExportQuery(fromUrl('search=a%26b%3Dc'), 'csv'),
    });
    expect(new URLSearchParams(url.split('?')[1]).get('search')).toBe('a&b=c');
  });
});

describe('fileNameFromDisposition', () => {
  it('reads a quoted, a plain and an RFC 5987 file name', () => {
    expect(fileNameFromDisposition('attachment; filename="issues-2026-11-22.csv"', 'x')).toBe(
      'issues-2026-11-22.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=issues.xml', 'x')).toBe('issues.xml');
    expect(
      fileNameFromDisposition(
        `attachment; filename="fallback.csv"; filename*=UTF-8''Aufgaben%20%C3%BC.csv`,
        'x',
      ),
    ).toBe('Aufgaben ü.csv');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".json"', 'x')).toBe('say "hi".json');
  });

  it('keeps no folder part and falls back when there is no name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(fileNameFromDisposition('attachment', 'issues.csv')).toBe('issues.csv');
    expect(fileNameFromDisposition(null, 'issues.csv')).toBe('issues.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'issues.csv')).toBe('issues.csv');
  });
});

describe('defaultExportFileName', () => {
  it('is issues-YYYY-MM-DD.<ext> of the local day', () => {
    expect(defaultExportFileName('xlsx', new Date(2026, 0, 5, 12))).toBe('issues-2026-01-05.xlsx');
  });
});
