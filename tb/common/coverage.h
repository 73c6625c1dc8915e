/*
 * coverage.h - coverage bins of a lockstep harness (tb/common): named
 * counters, required by default; a required bin never hit fails the run
 * (exit 3) unless --allow-missing-bins.
 */
#ifndef LOCKSTEP_COVERAGE_H
#define LOCKSTEP_COVERAGE_H

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace lockstep {

// ---- Coverage: named counters; a required bin never hit fails the run.
class Coverage {
 public:
  int bin(const std::string &name, bool required = true) {
    names_.push_back(name);
    req_.push_back(required);
    counts_.push_back(0);
    return (int)names_.size() - 1;
  }
  void hit(int id, uint64_t n = 1) { counts_[(size_t)id] += n; }
  uint64_t count(int id) const { return counts_[(size_t)id]; }
  size_t size() const { return names_.size(); }
  size_t hit_bins() const {
    size_t n = 0;
    for (uint64_t c : counts_) n += c != 0;
    return n;
  }
  std::vector<std::string> missing() const {
    std::vector<std::string> m;
    for (size_t i = 0; i < names_.size(); i++)
      if (req_[i] && counts_[i] == 0) m.push_back(names_[i]);
    return m;
  }
  void report(FILE *f) const {
    for (size_t i = 0; i < names_.size(); i++)
      std::fprintf(f, "  bin %-40s %12" PRIu64 "%s\n", names_[i].c_str(), counts_[i],
                   req_[i] ? (counts_[i] ? "" : "  MISSING (required)") : "  (optional)");
  }

 private:
  std::vector<std::string> names_;
  std::vector<bool> req_;
  std::vector<uint64_t> counts_;
};

}  // namespace lockstep

#endif
