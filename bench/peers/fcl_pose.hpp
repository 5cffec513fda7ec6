// A sepax pose as FCL's transform (the FCL adapters of bench_peers,
// bench_mesh and bench_cast).
#pragma once

#include "sepax/types.hpp"

#include <fcl/common/types.h>

namespace peers {

/// The same rigid transform in FCL's double precision.
inline fcl::Transform3d fcl_transform(const sepax::Pose& p) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) t.linear()(r, c) = double(p.rotation[c][r]);
  t.translation() =
      fcl::Vector3d(double(p.translation.x), double(p.translation.y), double(p.translation.z));
  return t;
}

}  // namespace peers
