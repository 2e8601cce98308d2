"""Reports: a tournament database becomes a static folder — index.html with its tables, figures and
transcript viewer, plus every table as CSV and LaTeX. Reads the store; writes only the folder."""

from lamen.report.build import WrittenReport, write_report
from lamen.report.data import ReportData, read_report_data

__all__ = ["ReportData", "WrittenReport", "read_report_data", "write_report"]
