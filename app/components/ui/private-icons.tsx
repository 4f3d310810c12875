// The icons only the private areas draw (back office, client area, password
// pages), apart from icons.tsx so that public pages do not download them
// (their JavaScript budget, docs/decisions/0028-budgets.md). Same sprite:
// npm run icons.
import { icon } from "./icons";

export const ArrowDown = icon("ArrowDown");
export const ArrowUp = icon("ArrowUp");
export const Building2 = icon("Building2");
export const CalendarPlus = icon("CalendarPlus");
export const Copy = icon("Copy");
export const Download = icon("Download");
export const EyeOff = icon("EyeOff");
export const FileCheck2 = icon("FileCheck2");
export const FileSpreadsheet = icon("FileSpreadsheet");
export const FileText = icon("FileText");
export const FileUp = icon("FileUp");
export const Image = icon("Image");
export const ImageIcon = icon("ImageIcon");
export const ImageOff = icon("ImageOff");
export const ImagePlus = icon("ImagePlus");
export const Inbox = icon("Inbox");
export const LogOut = icon("LogOut");
export const MailCheck = icon("MailCheck");
export const Megaphone = icon("Megaphone");
export const MessageCircle = icon("MessageCircle");
export const Monitor = icon("Monitor");
export const Pencil = icon("Pencil");
export const Plus = icon("Plus");
export const Power = icon("Power");
export const RotateCcw = icon("RotateCcw");
export const ScrollText = icon("ScrollText");
export const ShieldCheck = icon("ShieldCheck");
export const Smartphone = icon("Smartphone");
export const Star = icon("Star");
export const StarOff = icon("StarOff");
export const Trash2 = icon("Trash2");
export const Upload = icon("Upload");
export const Users = icon("Users");
