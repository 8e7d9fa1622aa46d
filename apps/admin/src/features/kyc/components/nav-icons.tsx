import { IdCard, ScanFace } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icons of the identity sections (lucide, drawn like the rest of the back office's). */
export const KycQueueIcon = lucideIcon(ScanFace);
export const CpfRegistryIcon = lucideIcon(IdCard);
