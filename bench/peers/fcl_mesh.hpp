// bench_mesh: FCL's triangle-mesh queries (fcl_mesh.cpp), behind a plain
// interface so that bench_mesh.cpp needs no FCL or Eigen header.
#pragma once

#include "sepax/types.hpp"

#include <array>
#include <memory>
#include <span>

namespace peers::fcl_mesh {

struct Model;  // an fcl::BVHModel<fcl::OBBRSSd>

/// Builds FCL's OBBRSS tree over the triangles.
std::shared_ptr<Model> make(std::span<const sepax::vec3> vertices,
                            std::span<const std::array<sepax::index_t, 3>> triangles);
/// fcl::collide without contacts: true when the meshes' surfaces meet.
bool collide(const Model& a, const sepax::Pose& pa, const Model& b, const sepax::Pose& pb);
/// fcl::distance: the distance between the surfaces (FCL's value; it is
/// not meaningful when they overlap).
double distance(const Model& a, const sepax::Pose& pa, const Model& b, const sepax::Pose& pb);

}  // namespace peers::fcl_mesh
