export default function ReportRunPage() { return null; }
