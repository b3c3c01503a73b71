// Loaded by LateDropdown after the first render: a module of its own, so the bundler keeps only Dropdown.
export { Dropdown } from 'antd';
