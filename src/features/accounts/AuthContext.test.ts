import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from './AuthContext.tsx';

function ShowsUser() {
  const { loading, user } = useAuth();
  return createElement('p', null, loading ? 'loading' : String(user));
}

describe('useAuth', () => {
  it('throws outside an AuthProvider', () => {
    expect(() => renderToString(createElement(ShowsUser))).toThrow('useAuth must be used within an AuthProvider');
  });

  it('reports loading inside one until the current user arrives', () => {
    expect(renderToString(createElement(AuthProvider, null, createElement(ShowsUser)))).toContain('loading');
  });
});
