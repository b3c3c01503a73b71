import { describe, expect, it } from 'vitest';
import { cssVarScopes } from '../../build/antd-static-css';

describe("the scopes of Ant Design's component CSS variables in the build's style sheet", () => {
  it("names each component block of the theme's key, alone or in a list, and nothing else", () => {
    const css = [
      '.parley.ant-card{--ant-card-head-height:56px;}',
      '.parley.ant-btn, .parley.ant-btn-group{--ant-button-font-weight:400;}',
      // The global token block, another key, and a component's style rules are not component blocks.
      '.parley{--ant-color-primary:#1677ff;}',
      '.other.ant-tag{--ant-tag-default-bg:#fafafa;}',
      '.parley.ant-card .ant-card-head{display:flex;}',
      ':where(.parley).ant-select{color:var(--ant-color-text);}',
    ].join('\n');
    expect([...cssVarScopes(css, 'parley')].sort()).toEqual(['ant-btn', 'ant-btn-group', 'ant-card']);
  });

  it('finds none in a sheet without them', () => {
    expect(cssVarScopes('.ant-card{display:flex}', 'parley').size).toBe(0);
  });
});
