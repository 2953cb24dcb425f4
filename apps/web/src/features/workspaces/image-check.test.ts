import { describe, expect, it } from 'vitest';
import { workspaceImageError } from './image-check';

describe('workspace image check', () => {
  it('takes jpeg, png and gif up to 10 MB', () => {
    expect(workspaceImageError({ type: 'image/png', size: 10_000_000 })).toBeNull();
    expect(workspaceImageError({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(workspaceImageError({ type: 'image/gif', size: 1 })).toBeNull();
  });

  it('refuses other types and bigger files', () => {
    expect(workspaceImageError({ type: 'image/webp', size: 1 })).toBe('file_type_not_allowed');
    expect(workspaceImageError({ type: 'application/pdf', size: 1 })).toBe('file_type_not_allowed');
    expect(workspaceImageError({ type: 'image/png', size: 10_000_001 })).toBe('file_too_big');
  });
});
