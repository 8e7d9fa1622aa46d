import { FileText, PanelTop } from 'lucide-react';
import { lucideIcon } from '../../../components/icons';

/** Menu icons of the documents editor and the popups (lucide, like the rest of the back office). */
export const DocumentsIcon = lucideIcon(FileText);
export const PopupsIcon = lucideIcon(PanelTop);
