// The tables a proof relies on, named: a certificate with table leaves carries the
// digest of the WDL files of every class up to its leaves' stones, as the tables'
// manifest lists them (name and xxHash64 of each file). Generation writes the same bytes
// on every machine and run, so the digest names the tables, not a copy of them. Whether
// the files on disk are what their manifest says is `tsivy verify`'s question.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tsivy {
class TableLookup;
}

namespace tsivy::search {

// The digest of the tables' WDL files of every class up to `stones` stones; nullopt when
// the manifest does not list one of those classes (tables without a manifest).
std::optional<std::uint64_t> tables_digest(const TableLookup& tables, int stones);

std::string digest_text(std::uint64_t digest);  // 16 hexadecimal digits

}  // namespace tsivy::search
