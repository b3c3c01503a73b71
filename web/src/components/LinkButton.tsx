import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';
import { followLink } from './followLink';

/** A button that is a real link (middle-click, copy address) but navigates inside the app. */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const navigate = useNavigate();
  return <Button {...props} href={to} onClick={followLink(navigate, to)} />;
}
