import { describe, expect, it } from 'vitest';
import { chunkCycle } from '../../build/staff-chunk';

const chunk = (code: string, imports: string[] = []) => ({ type: 'chunk', code, imports });

describe("the build's check that no two chunks that run code import each other", () => {
  it('finds two chunks with code that import each other', () => {
    const bundle = {
      'staff.js': chunk('import{a}from"./app.js";var b=a+1;export{b};', ['app.js']),
      'app.js': chunk('import{b}from"./staff.js";var a=1;export{a};', ['staff.js']),
    };
    expect(chunkCycle(bundle)).toEqual(['staff.js', 'app.js', 'staff.js']);
  });

  it('looks through a chunk of imports and exports alone, and still finds a cycle behind it', () => {
    const bundle = {
      'staff.js': chunk('import"./facade.js";import{x}from"./screen.js";console.log(x);', ['facade.js', 'screen.js']),
      // A dynamic entry's facade whose module is in the group: it runs nothing.
      'facade.js': chunk('import{t as e}from"./staff.js";export{e as AntdRoot};', ['staff.js']),
      'screen.js': chunk('var x=1;export{x};'),
    };
    expect(chunkCycle(bundle)).toBeNull();
    bundle['screen.js'] = chunk('import"./facade.js";var x=1;export{x};', ['facade.js']);
    expect(chunkCycle(bundle)).toEqual(['staff.js', 'screen.js', 'staff.js']);
  });

  it('answers null for a tree of imports', () => {
    const bundle = {
      'index.js': chunk('import"./react.js";import"./staff.js";run();', ['react.js', 'staff.js']),
      'staff.js': chunk('import"./react.js";shell();', ['react.js']),
      'react.js': chunk('var r=1;export{r};'),
      'style.css': { type: 'asset' },
    };
    expect(chunkCycle(bundle)).toBeNull();
  });
});
