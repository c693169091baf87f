import type { SVGProps } from 'react';
import { Icon } from '../../../components/icons';

/** The glyphs of file and voice messages, in the shared stroke frame. */
type IconProps = SVGProps<SVGSVGElement>;

export const PaperclipIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m21 11-8.5 8.5a5.5 5.5 0 0 1-7.8-7.8l9-9a3.7 3.7 0 0 1 5.2 5.2l-9 9a1.8 1.8 0 0 1-2.6-2.6l8.3-8.3" />
  </Icon>
);

export const MicIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10a7 7 0 0 0 14 0M12 17v5M8 22h8" />
  </Icon>
);

export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path
      d="M7 4.5v15a1 1 0 0 0 1.5.9l12-7.5a1 1 0 0 0 0-1.8l-12-7.5A1 1 0 0 0 7 4.5Z"
      fill="currentColor"
    />
  </Icon>
);

export const PauseIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="4" width="4" height="16" rx="1" fill="currentColor" />
    <rect x="14" y="4" width="4" height="16" rx="1" fill="currentColor" />
  </Icon>
);

export const StopIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
  </Icon>
);

export const TrashIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
  </Icon>
);

export const DownloadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3v12M7 10l5 5 5-5M4 19h16" />
  </Icon>
);

export const ExternalIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

/** A page with its corner folded, and the type's short label on it. */
export const FileTypeIcon = ({ label, ...props }: IconProps & { label: string }) => (
  <Icon {...props} viewBox="0 0 32 32" strokeWidth={1.6}>
    <path d="M8 3h11l7 7v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z" />
    <path d="M19 3v7h7" />
    <text
      x="16.5"
      y="24"
      textAnchor="middle"
      fontSize="6.5"
      fontWeight="700"
      fill="currentColor"
      stroke="none"
      fontFamily="system-ui, sans-serif"
    >
      {label}
    </text>
  </Icon>
);

export const SendFileIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m22 2-7 20-4-9-9-4 20-7Z" />
  </Icon>
);
